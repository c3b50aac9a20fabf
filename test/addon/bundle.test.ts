import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import * as server from '../../addon/server/index';
import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../worker/playground/apps-script/create-fakes';
import { findUnavailableApis } from '../../addon/build/find-unavailable-apis';
import { loadBundle } from '../../worker/playground/apps-script/load-bundle';
import type { ScriptScope } from '../../worker/playground/apps-script/runtime/runtime';
import { buildAddon } from './build-addon';
import { addonBuiltFor } from './shared-addon-build';

const WORKER_URL = 'https://creator-sheets.test.example/api';
const NOT_CONNECTED = 'Not connected: open Extensions > Creator Sheets > Settings.';

const PUBLIC_FUNCTIONS = Object.keys(server)
  .filter((name) => typeof server[name as keyof typeof server] === 'function')
  .sort();

let outDir: string;
let code: string;

beforeAll(() => {
  const build = buildAddon({ WORKER_URL });
  if (build.status !== 0) throw new Error(`The add-on build failed:\n${build.output}`);
  outDir = build.outDir;
  code = readFileSync(path.join(outDir, 'Code.js'), 'utf8');
});

function load(): { fakes: AppsScriptFakes; scope: ScriptScope } {
  const fakes = createAppsScriptFakes();
  const scope = loadBundle(path.join(outDir, 'Code.js'), fakes);
  return { fakes, scope };
}

/** The JSDoc block right above a top-level `function name(`. */
function jsDocAbove(name: string): string {
  const at = code.search(new RegExp(`^function ${name}\\(`, 'm'));
  expect(at).toBeGreaterThan(-1);
  const before = code.slice(0, at);
  expect(before.endsWith('*/\n')).toBe(true);
  return before.slice(before.lastIndexOf('/**'));
}

describe('dist/addon', () => {
  it('holds exactly the three files clasp pushes', () => {
    expect(readdirSync(outDir).sort()).toEqual(['Code.js', 'Sidebar.html', 'appsscript.json']);
  });
});

describe('Code.js', () => {
  it('declares exactly the public functions of addon/server/index.ts as global functions', () => {
    const { fakes } = load();
    expect(PUBLIC_FUNCTIONS).toEqual(expect.arrayContaining(['onOpen', 'INFLUENCER_REPORT', 'EMAIL_SEARCH']));
    expect(fakes.runtime.globalFunctionNames().sort()).toEqual(PUBLIC_FUNCTIONS);
  });

  it('adds no other global than the bundle object', () => {
    const { fakes, scope } = load();
    const added = Object.keys(scope).filter((name) => !(name in fakes.globals));
    expect(added.sort()).toEqual(['CreatorSheets', ...PUBLIC_FUNCTIONS].sort());
    expect(typeof scope.CreatorSheets).toBe('object');
  });

  it('gives each stub the JSDoc of its source function', () => {
    expect(jsDocAbove('onOpen')).toContain('Builds the Creator Sheets menu');
    for (const name of PUBLIC_FUNCTIONS) expect(jsDocAbove(name)).toMatch(/^\/\*\*[\s\S]*\*\/\n$/);
  });

  it('documents the custom functions for Sheets: @customfunction, every @param, @return', () => {
    const report = jsDocAbove('INFLUENCER_REPORT');
    const emails = jsDocAbove('EMAIL_SEARCH');
    for (const doc of [report, emails]) {
      expect(doc).toContain('@customfunction');
      expect(doc).toMatch(/@return \{/);
      expect(doc).toContain('@example =');
    }
    for (const param of ['handles', 'platform', 'fields', 'with_header']) {
      expect(report).toMatch(new RegExp(`@param \\{[^}]+\\} ${param} `));
    }
    for (const param of ['emails', 'with_header']) {
      expect(emails).toMatch(new RegExp(`@param \\{[^}]+\\} ${param} `));
    }
  });

  it('marks optional parameters as Google documents them: plain name, "Optional:" in the text', () => {
    // Google documents no "[name]" form for the formula help (see addon/server/formulas/custom-functions.ts).
    const report = jsDocAbove('INFLUENCER_REPORT');
    for (const param of ['platform', 'fields', 'with_header']) {
      expect(report).toMatch(new RegExp(`@param \\{[^}]+\\} ${param} Optional: `));
    }
    expect(jsDocAbove('EMAIL_SEARCH')).toMatch(/@param \{boolean\} with_header Optional: /);
    for (const name of PUBLIC_FUNCTIONS) expect(jsDocAbove(name)).not.toMatch(/@param \{[^}]+\} \[/);
  });

  it('declares the stubs with the source parameter names, for the formula autocomplete', () => {
    expect(code).toMatch(/^function INFLUENCER_REPORT\(handles, platform, fields, with_header\) \{$/m);
    expect(code).toMatch(/^function EMAIL_SEARCH\(emails, with_header\) \{$/m);
    expect(code).toMatch(/^function AUDIENCE_OVERLAP\(handles, platform, with_header\) \{$/m);
  });

  it("explains in each function's help where its rows go, with_header, and what #REF! means (issue 15)", () => {
    // The help as Sheets shows it: one paragraph, the comment's line breaks gone.
    const unwrapped = (name: string) => jsDocAbove(name).replace(/\s*\n\s*\*\s*/g, ' ');
    for (const name of ['INFLUENCER_REPORT', 'EMAIL_SEARCH', 'AUDIENCE_OVERLAP']) {
      const doc = unwrapped(name);
      expect(doc).toMatch(/@param \{boolean\} with_header Optional: TRUE to start with a header row/);
      expect(doc).toContain('#REF! means the rows would overwrite data');
      expect(doc).toContain('Array result was not expanded because it would overwrite data');
    }
    expect(unwrapped('INFLUENCER_REPORT')).toContain("typed in C2 beside A2:A200, A2's report is in row 2");
  });

  it('uses no module syntax and no Node API', () => {
    // Read from the syntax tree, as the build itself checks: a comment that mentions an export or
    // require() is no module syntax.
    expect(findUnavailableApis(code)).toEqual([]);
  });

  it('is not minified', () => {
    expect(code.split('\n').length).toBeGreaterThan(100);
    expect(code).toContain('function readWorkerKey()');
  });
});

describe('onOpen', () => {
  it('builds the Creator Sheets menu, in AuthMode.NONE, with items that name global functions', () => {
    const { fakes } = load();
    fakes.runtime.call('onOpen', [{ authMode: 'NONE' }], 'auth-none');

    expect(fakes.ui.menus).toHaveLength(1);
    const menu = fakes.ui.menu('Creator Sheets');
    expect(menu.addon).toBe(true);
    expect(menu.items.map((item) => (item === 'separator' ? '---' : item.caption))).toEqual([
      'Open sidebar',
      '---',
      'Enrich selected column',
      'Reports for selected column',
      'Refresh formulas',
      '---',
      'Settings',
    ]);
    for (const item of menu.items) {
      if (item !== 'separator')
        expect(typeof fakes.runtime.globalFunction(item.functionName)).toBe('function');
    }
    expect(fakes.ui.alerts).toEqual([]);
    expect(fakes.ui.sidebars).toEqual([]);
  });

  it('is what onInstall does too', () => {
    const { fakes } = load();
    fakes.runtime.call('onInstall', [{ authMode: 'FULL' }]);
    expect(fakes.ui.menu('Creator Sheets').items).toHaveLength(7);
  });
});

describe('menu items', () => {
  it.each(['Open sidebar', 'Settings'])('"%s" opens the sidebar at Settings', (item) => {
    const { fakes } = load();
    fakes.runtime.call('onOpen', [], 'auth-none');
    fakes.ui.click('Creator Sheets', item);

    expect(fakes.ui.sidebars).toHaveLength(1);
    const [sidebar] = fakes.ui.sidebars;
    expect(sidebar.title).toBe('Creator Sheets');
    expect(sidebar.content).toContain('<body data-section="settings" data-time-zone=');
    expect(sidebar.content).not.toContain('<?');
  });

  it.each([
    ['Enrich selected column', 'enrich'],
    ['Reports for selected column', 'reports'],
  ])('"%s" opens the sidebar at its section, for the selected column', (item, section) => {
    const { fakes } = load();
    fakes.runtime.call('onOpen', [], 'auth-none');
    fakes.ui.click('Creator Sheets', item);

    expect(fakes.ui.alerts).toEqual([]);
    expect(fakes.ui.sidebars).toHaveLength(1);
    expect(fakes.ui.sidebars[0].content).toContain(`<body data-section="${section}" data-time-zone=`);
  });

  it('"Refresh formulas" says so in a toast when the spreadsheet holds none of its formulas', () => {
    const { fakes } = load();
    fakes.runtime.call('onOpen', [], 'auth-none');
    fakes.ui.click('Creator Sheets', 'Refresh formulas');

    expect(fakes.ui.sidebars).toEqual([]);
    expect(fakes.spreadsheet.toasts).toEqual([
      {
        message: 'No Creator Sheets formulas in this spreadsheet.',
        title: 'Creator Sheets',
        timeoutSeconds: 5,
      },
    ]);
  });
});

describe('"Refresh formulas" with a formula it cannot set again (issue 15)', () => {
  it('refreshes every other formula and names the broken cell with its reason', () => {
    const { fakes } = load();
    fakes.evaluateFormulas();
    fakes.runtime.call('onOpen', [], 'auth-none');
    const sheet = fakes.spreadsheet.getActiveSheet();
    sheet.getRange('A2:A3').setValues([['@nasa'], ['@esa']]);
    sheet.getRange('C2').setFormula('=INFLUENCER_REPORT(A2:A3, "instagram")');
    sheet.getRange('C9').setFormula('=EMAIL_SEARCH(A2:A3)');
    // A reference to a tab that is not there: the cell keeps the formula (whether the fake Sheets
    // throws at once, as it did, or shows #REF! as Google's does).
    try {
      sheet.getRange('C5').setFormula('=EMAIL_SEARCH(Leads!A2:A3)');
    } catch {
      // Kept either way; checked below.
    }
    const before = new Map(fakes.evaluator.runs);

    fakes.ui.click('Creator Sheets', 'Refresh formulas');

    expect(fakes.evaluator.runs.get('INFLUENCER_REPORT')).toBe((before.get('INFLUENCER_REPORT') ?? 0) + 1);
    expect(fakes.evaluator.runs.get('EMAIL_SEARCH')).toBe((before.get('EMAIL_SEARCH') ?? 0) + 1);
    expect(sheet.getRange('C5').getFormula()).toBe('=EMAIL_SEARCH(Leads!A2:A3)');
    expect(fakes.spreadsheet.toasts.map((toast) => toast.message)).toEqual([
      "Refreshed 2 Creator Sheets formulas; skipped Sheet1!C5 (Unresolved sheet name 'Leads').",
    ]);
  });
});

describe('custom functions', () => {
  function formula(name: string, ...args: unknown[]): { answer: unknown; fakes: AppsScriptFakes } {
    const { fakes } = load();
    return { answer: fakes.runtime.call(name, args, 'custom-function'), fakes };
  }

  it('answer the not-connected sentence while the user holds no worker key', () => {
    expect(formula('INFLUENCER_REPORT', [['@nasa'], ['@esa']], 'instagram').answer).toBe(NOT_CONNECTED);
    expect(formula('EMAIL_SEARCH', [['creator@example.com']], true).answer).toBe(NOT_CONNECTED);
  });

  it('say in a sentence, not a stack trace, that the worker cannot be reached', () => {
    // The build's worker is not on loopback, and the test bench reaches nothing else.
    const { fakes } = load();
    fakes.propertiesService.user.setProperty('creatorSheets.workerKey', 'wk_test');
    fakes.propertiesService.document.setProperty('creatorSheets.documentKey', 'wk_test');
    fakes.propertiesService.document.setProperty(
      'creatorSheets.documentConnection',
      JSON.stringify({ keyId: 'key-1', email: 'ana@team.com', workerUrl: `${WORKER_URL}/` }),
    );
    for (const answer of [
      fakes.runtime.call('INFLUENCER_REPORT', ['@nasa', 'youtube'], 'custom-function'),
      fakes.runtime.call('EMAIL_SEARCH', ['creator@example.com'], 'custom-function'),
    ]) {
      expect(answer).toBe(`The worker did not answer: check the URL in Settings (${WORKER_URL}/).`);
    }
  });

  it('name what is wrong with their arguments before anything else', () => {
    expect(formula('INFLUENCER_REPORT', '@nasa', 'myspace').answer).toBe(
      'Unknown platform "myspace": use instagram, tiktok, youtube.',
    );
    expect(formula('INFLUENCER_REPORT', [[''], ['']], 'tiktok').answer).toBe(
      'No handles given: give a handle or a range such as A2:A200.',
    );
    expect(formula('INFLUENCER_REPORT', '@nasa', ' Instagram ', 42).answer).toBe(
      'fields must be text such as "followers", got 42.',
    );
    expect(formula('EMAIL_SEARCH', 'a@example.com', 'yes').answer).toBe(
      'with_header must be TRUE or FALSE, got yes.',
    );
    expect(formula('EMAIL_SEARCH', '').answer).toBe(
      'No e-mail addresses given: give an address or a range such as A2:A1000.',
    );
  });
});

describe('getSettings', () => {
  it('tells the sidebar the worker URL baked in by the build and whether the user is connected', () => {
    const { fakes } = load();
    const settings = { workerUrl: `${WORKER_URL}/`, email: null, role: null, formulas: null };
    expect(fakes.runtime.callFromClient('getSettings')).toEqual({ ...settings, connected: false });
    fakes.propertiesService.user.setProperty('creatorSheets.workerKey', 'wk_test');
    expect(fakes.runtime.callFromClient('getSettings')).toEqual({ ...settings, connected: true });
  });
});

describe('appsscript.json', () => {
  it('runs on V8, logs to Stackdriver, asks for exactly six scopes, none restricted, and may fetch only the worker', () => {
    const manifest: unknown = JSON.parse(readFileSync(path.join(outDir, 'appsscript.json'), 'utf8'));
    expect(manifest).toMatchObject({ runtimeVersion: 'V8', exceptionLogging: 'STACKDRIVER' });
    expect(manifest).toHaveProperty('oauthScopes', [
      'https://www.googleapis.com/auth/spreadsheets.currentonly',
      'https://www.googleapis.com/auth/script.container.ui',
      'https://www.googleapis.com/auth/script.external_request',
      // The hourly trigger of schedules the add-on runs (issue 26).
      'https://www.googleapis.com/auth/script.scriptapp',
      'https://www.googleapis.com/auth/userinfo.email',
      'openid',
    ]);
    // Google's restricted scopes need a security assessment to publish: none may creep back.
    const scopes = (manifest as { oauthScopes: string[] }).oauthScopes;
    expect(scopes.filter((scope) => /auth\/(drive|gmail|mail\.google)(?!\.file)/.test(scope))).toEqual([]);
    expect(manifest).toHaveProperty('urlFetchWhitelist', [`${WORKER_URL}/`]);
  });
});

describe('Sidebar.html', () => {
  it('is one self-contained page: inline script and style, nothing loaded from elsewhere', () => {
    const page = readFileSync(path.join(outDir, 'Sidebar.html'), 'utf8');
    expect(page).toMatch(/<style>\s*\S[\s\S]*<\/style>/);
    expect(page).toMatch(/<script>\s*\S[\s\S]*google\.script\.run[\s\S]*<\/script>/);
    expect(page).not.toMatch(/\s(src|href)=/i);
    expect(page).not.toMatch(/<link\b/i);
    // The only scriptlets are the section and the spreadsheet's time zone the server sets (issue
    // 25: one clock); inlined code must not add any.
    expect(page.match(/<\?/g)).toEqual(['<?', '<?']);
  });
});

describe('the build', () => {
  it('refuses a WORKER_URL that is not an http(s) URL, saying so', () => {
    const build = buildAddon({ WORKER_URL: 'ftp://creator-sheets.test.example/' });
    expect(build.status).not.toBe(0);
    expect(build.output).toContain(
      'WORKER_URL must start with https:// or http://, got "ftp://creator-sheets.test.example/"',
    );
  });
});

describe("the bundle tests' build (shared-addon-build.ts)", () => {
  it('is, for a worker URL, byte for byte what rollup -c makes with that URL', async () => {
    const copy = await addonBuiltFor(WORKER_URL);
    try {
      const files = readdirSync(outDir).sort();
      expect(readdirSync(copy).sort()).toEqual(files);
      for (const file of files) {
        const difference = firstDifference(
          readFileSync(path.join(copy, file), 'utf8'),
          readFileSync(path.join(outDir, file), 'utf8'),
        );
        expect({ file, difference }).toEqual({ file, difference: null });
      }
    } finally {
      rmSync(path.dirname(copy), { recursive: true, force: true });
    }
  }, 120_000);
});

/** Where two texts first differ, with a little of each around it; null when they are the same. */
function firstDifference(a: string, b: string): string | null {
  if (a === b) return null;
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at += 1;
  const around = (text: string) => JSON.stringify(text.slice(Math.max(0, at - 60), at + 60));
  return `at character ${at}: ${around(a)} where rollup -c has ${around(b)}`;
}
