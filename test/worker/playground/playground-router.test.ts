import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import express from 'express';
import request from 'supertest';
import {
  HostRequestError,
  HostUnavailableError,
  type HostStatus,
  type PlaygroundHost,
} from '../../../worker/playground/apps-script-host';
import type { HostRequest, SidebarPage } from '../../../worker/playground/host-protocol';
import type { SpreadsheetSnapshot } from '../../../worker/playground/playground-api';
import { playgroundPagePolicy, sidebarPagePolicy } from '../../../worker/playground/content-security-policy';
import { createPlaygroundRouter } from '../../../worker/playground/playground-router';

/** The playground's routes over a fake Apps Script process that records what it is asked. */

const SNAPSHOT: SpreadsheetSnapshot = {
  version: 3,
  spreadsheetName: 'Playground',
  sheets: [{ name: 'Leads', rows: 1000, columns: 26, frozenRows: 0 }],
  activeSheet: 'Leads',
  selection: 'A:A',
  menus: [],
  notices: [],
  sidebar: { id: 2, title: 'Creator Sheets' },
  formulaErrors: {},
};

class FakeHost implements PlaygroundHost {
  status: HostStatus = {
    phase: 'ready',
    message: 'Ready',
    pageReady: true,
    functions: ['connect', 'pollJob'],
  };
  snapshot: SpreadsheetSnapshot | null = SNAPSHOT;
  readonly requests: HostRequest[] = [];
  answer: (request: HostRequest) => Promise<unknown> = () => Promise.resolve(null);
  pages: SidebarPage[] = [
    {
      id: 2,
      title: 'Creator Sheets',
      html: '<html><head><title>x</title></head><body>sidebar</body></html>',
    },
  ];

  request<R extends HostRequest>(request: R): Promise<never> {
    this.requests.push(request);
    return this.answer(request) as Promise<never>;
  }

  sidebarPage(id: number): SidebarPage | null {
    return this.pages.find((page) => page.id === id) ?? null;
  }
}

let host: FakeHost;
let app: express.Express;
let pageDir: string;
let addonDir: string;

/** A built Code.js in short: the bundle's inner copy, then the top-level stub Sheets reads. */
const CODE_JS = `var CreatorSheets = (function (exports) {
    /**
     * Inner copy.
     * @customfunction
     */
    function EMAIL_SEARCH(emails, with_header) { return []; }
    return exports;
})({});
/**
 * The creator accounts behind e-mail addresses: one row per input row. A range is answered in
 * one request.
 *
 * @param {string|string[][]} emails An e-mail address, or a column of them such as A2:A1000.
 * @param {boolean} with_header Optional: TRUE (the default) to start with a header row.
 * @return {Array<Array<string>>} One row per input row.
 * @example =EMAIL_SEARCH(A2:A1000)
 * @customfunction
 */
function EMAIL_SEARCH(emails, with_header) {
  return CreatorSheets.EMAIL_SEARCH(emails, with_header);
}
/** Menu item: connects. */
function connect() {}
`;

beforeAll(() => {
  pageDir = mkdtempSync(path.join(os.tmpdir(), 'playground-router-'));
  writeFileSync(path.join(pageDir, 'page.js'), 'console.log("page")');
  writeFileSync(path.join(pageDir, 'script-run-shim.js'), 'window.shimmed = "</script>";');
  addonDir = mkdtempSync(path.join(os.tmpdir(), 'playground-router-addon-'));
  writeFileSync(path.join(addonDir, 'Code.js'), CODE_JS);
});
afterAll(() => {
  rmSync(pageDir, { recursive: true, force: true });
  rmSync(addonDir, { recursive: true, force: true });
});

beforeEach(() => {
  host = new FakeHost();
  app = express();
  app.use(
    createPlaygroundRouter({
      host,
      pageDir,
      addonDir,
      user: 'you@playground.test',
      certs: () => ({ kid1: 'PEM' }),
    }),
  );
  // What createApp answers at / for anything but a browser.
  app.get('/', (_req, res) => res.json({ name: 'Creator Sheets worker' }));
});

describe('the playground page', () => {
  it('is served at / to a browser, while curl and scripts keep the JSON description', async () => {
    const browser = await request(app).get('/').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(browser.status).toBe(200);
    expect(browser.type).toBe('text/html');
    expect(browser.text).toContain('<script src="/playground/page.js"></script>');

    const curl = await request(app).get('/').set('Accept', '*/*');
    expect(curl.body).toEqual({ name: 'Creator Sheets worker' });
  });

  it('says the add-on is building and reloads itself until the page script exists', async () => {
    host.status = { phase: 'building', message: 'Building the add-on…', pageReady: false, functions: [] };
    const page = await request(app).get('/').set('Accept', 'text/html');
    expect(page.text).toContain('Building the add-on…');
    expect(page.text).toContain('http-equiv="refresh"');
    expect(page.text).not.toContain('page.js');

    const script = await request(app).get('/playground/page.js');
    expect(script.status).toBe(503);
    expect(script.body.error.message).toMatch(/still being built/);
  });

  it('serves the page script and its styles', async () => {
    const script = await request(app).get('/playground/page.js');
    expect(script.status).toBe(200);
    expect(script.text).toBe('console.log("page")');
    const styles = await request(app).get('/playground/page.css');
    expect(styles.status).toBe(200);
    expect(styles.type).toBe('text/css');
  });
});

describe('the spreadsheet routes', () => {
  it('answers the state from the last snapshot, without asking the script', async () => {
    const res = await request(app).get('/playground/state');
    expect(res.body).toEqual({ ...SNAPSHOT, phase: 'ready', message: 'Ready', user: 'you@playground.test' });
    expect(host.requests).toEqual([]);
  });

  it('reads cells by window, checking the numbers', async () => {
    host.answer = () =>
      Promise.resolve({
        sheet: 'Leads',
        version: 3,
        row: 1,
        column: 1,
        cells: [],
        lastRow: 0,
        lastColumn: 0,
      });
    const ok = await request(app).get('/playground/cells?sheet=Leads&row=1&column=1&rows=100&columns=26');
    expect(ok.status).toBe(200);
    expect(host.requests).toEqual([
      { type: 'window', sheet: 'Leads', row: 1, column: 1, rows: 100, columns: 26 },
    ]);

    const bad = await request(app).get('/playground/cells?sheet=Leads&row=0&column=1&rows=100&columns=26');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('row'),
    });
  });

  it('passes edits, clears, selections, menu clicks and new tabs on, answering with the new state', async () => {
    const edit = { sheet: 'Leads', row: 2, column: 1, values: [['a@b.test'], ['=EMAIL_SEARCH(A2)']] };
    await request(app).post('/playground/edit').send(edit).expect(200);
    await request(app).post('/playground/clear').send({ sheet: 'Leads', range: 'B2:C3' }).expect(200);
    await request(app).post('/playground/select').send({ sheet: 'Leads', range: null }).expect(200);
    await request(app)
      .post('/playground/menu')
      .send({ menu: 'Creator Sheets', item: 'Settings' })
      .expect(200);
    const added = await request(app).post('/playground/sheets').send({}).expect(200);
    await request(app).post('/playground/recalculate').send({}).expect(200);

    expect(added.body).toMatchObject({ phase: 'ready', activeSheet: 'Leads' });
    expect(host.requests).toEqual([
      { type: 'edit', edit },
      { type: 'clear', clear: { sheet: 'Leads', range: 'B2:C3' } },
      { type: 'select', select: { sheet: 'Leads', range: null } },
      { type: 'menu', menu: { menu: 'Creator Sheets', item: 'Settings' } },
      { type: 'addSheet' },
      { type: 'recalculate' },
    ]);
  });

  it('takes JSON bodies only, so a form on another site cannot post here', async () => {
    const res = await request(app).post('/playground/sheets').set('Content-Type', 'text/plain').send('{}');
    expect(res.status).toBe(415);
    expect(res.body.error.message).toMatch(/JSON/);
    expect(host.requests).toEqual([]);
  });

  it('answers 400 when the script refuses, 503 while the add-on is not ready', async () => {
    host.answer = () => Promise.reject(new HostRequestError('Range not found'));
    const refused = await request(app).post('/playground/clear').send({ sheet: 'Leads', range: 'ZZZZ' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: { code: 'refused', message: 'Range not found' } });

    host.answer = () =>
      Promise.reject(new HostUnavailableError('The playground is still building the add-on'));
    const waiting = await request(app).post('/playground/run').send({ name: 'connect', args: [] });
    expect(waiting.status).toBe(503);
    expect(waiting.body.error).toEqual({
      code: 'unavailable',
      message: 'The playground is still building the add-on',
    });
  });
});

describe('the custom functions’ help', () => {
  it("lists the script's custom functions with the help their JSDoc gives, as Sheets does", async () => {
    host.status = { ...host.status, functions: ['connect', 'EMAIL_SEARCH'] };
    const res = await request(app).get('/playground/functions');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        name: 'EMAIL_SEARCH',
        summary: 'The creator accounts behind e-mail addresses: one row per input row.',
        description:
          'The creator accounts behind e-mail addresses: one row per input row. A range is answered in one request.',
        parameters: [
          {
            name: 'emails',
            type: 'string|string[][]',
            description: 'An e-mail address, or a column of them such as A2:A1000.',
            optional: false,
          },
          {
            name: 'with_header',
            type: 'boolean',
            description: 'TRUE (the default) to start with a header row.',
            optional: true,
          },
        ],
        examples: ['=EMAIL_SEARCH(A2:A1000)'],
      },
    ]);
  });

  it('answers 503 until the add-on is loaded', async () => {
    host.status = { phase: 'building', message: 'Building the add-on…', pageReady: true, functions: [] };
    const res = await request(app).get('/playground/functions');
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/still being built/);
  });
});

describe('google.script.run for the sidebar', () => {
  it('calls the named server function and answers with its value, or with the error it threw', async () => {
    host.answer = () => Promise.resolve({ ok: false, error: { name: 'Error', message: 'Not connected' } });
    const res = await request(app)
      .post('/playground/run')
      .send({ name: 'pollJob', args: ['job-1'] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: false, error: { name: 'Error', message: 'Not connected' } });
    expect(host.requests).toEqual([{ type: 'run', run: { name: 'pollJob', args: ['job-1'] } }]);

    const bad = await request(app).post('/playground/run').send({ name: 'pollJob', args: 'job-1' });
    expect(bad.status).toBe(400);
  });

  it('serves the sidebar the script showed with the stand-in first in <head>, configured with its functions', async () => {
    const res = await request(app).get('/playground/sidebar/2');
    expect(res.status).toBe(200);
    const head = res.text.slice(0, res.text.indexOf('<title>'));
    expect(head).toContain(
      'window.__playgroundScriptRun = {"functions":["connect","pollJob"],"runUrl":"/playground/run"}',
    );
    // The shim's own "</script>" cannot end the element it sits in.
    expect(head).toContain('window.shimmed = "<\\/script>";');
    expect(res.text).toContain('<body>sidebar</body>');
  });

  it('gives the page and the sidebar Content-Security-Policies that run exactly what they carry', async () => {
    const page = await request(app).get('/').set('Accept', 'text/html');
    expect(page.headers['content-security-policy']).toBe(playgroundPagePolicy());

    host.pages = [
      {
        id: 2,
        title: 'Creator Sheets',
        html: '<html><head><style>p{}</style></head><body><script>run()</script></body></html>',
      },
    ];
    const sidebar = await request(app).get('/playground/sidebar/2');
    const scripts = [...sidebar.text.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
      (match) => match[1] ?? '',
    );
    // The stand-in's two scripts and the page's own, each by its hash.
    expect(scripts).toHaveLength(3);
    const policy = String(sidebar.headers['content-security-policy']);
    for (const script of scripts) {
      expect(policy).toContain(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
    }
    expect(policy).toBe(sidebarPagePolicy(sidebar.text));
  });

  it('answers 404 for a sidebar it does not have', async () => {
    const res = await request(app).get('/playground/sidebar/9');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toMatch(/Extensions > Creator Sheets/);
  });
});

describe("the playground's Google", () => {
  it('serves its signing certificates like Google does, cacheable', async () => {
    const res = await request(app).get('/playground/oauth2/v1/certs');
    expect(res.body).toEqual({ kid1: 'PEM' });
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });
});
