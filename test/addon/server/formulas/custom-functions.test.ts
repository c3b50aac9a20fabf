import {
  AUDIENCE_OVERLAP,
  EMAIL_SEARCH,
  FORMULA_DEADLINE_MS,
  INFLUENCER_REPORT,
  NOT_CONNECTED,
} from '../../../../addon/server/formulas/custom-functions';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CellResult } from '../../../../addon/server/sheet/sheet-values';
import { EMAIL_COLUMNS } from '../../../../shared/rows/email-rows';
import { OVERLAP_COLUMNS } from '../../../../shared/rows/overlap-rows';
import { REPORT_COLUMNS } from '../../../../shared/rows/report-rows';
import { workerError, type RecordedRequest } from '../scripted-worker';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

const STILL_FETCHING = 'Still fetching: refresh in a minute (Creator Sheets > Refresh formulas)';
const COLUMNS = [
  { id: 'handle', label: 'Handle', format: 'text' },
  { id: 'followers', label: 'Followers', format: 'integer' },
];

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals();
  env.connect();
});
afterEach(() => env.restore());

/** Runs a formula as Sheets would: a custom-function run, with its restrictions. */
function formula(run: () => CellResult): CellResult {
  return env.fakes.runtime.run('custom-function', run);
}

/** A reports answer echoing one row per handle, blanks blank, `pending` rows still fetching. */
function reportsAnswer(pendingHandles: string[] = []) {
  return (request: RecordedRequest) => {
    const body = request.body as { handles: unknown[]; withHeader: boolean };
    const rows = body.handles.map((handle) => {
      if (handle === '') return [null, null];
      if (pendingHandles.includes(String(handle))) return [STILL_FETCHING, null];
      return [String(handle).replace('@', ''), 1000];
    });
    const pending = rows.filter((row) => row[0] === STILL_FETCHING).length;
    return {
      body: {
        header: ['Handle', 'Followers'],
        columns: COLUMNS,
        rows: body.withHeader ? [['Handle', 'Followers'], ...rows] : rows,
        pending,
      },
    };
  };
}

describe('INFLUENCER_REPORT', () => {
  it('answers a 500-row range with one request: one row per input row, in order, blanks kept', () => {
    env.worker.on('post', 'api/reports', reportsAnswer());
    const handles = Array.from({ length: 500 }, (_, i) => [i % 50 === 7 ? '' : `@creator${i}`]);
    const result = formula(() => INFLUENCER_REPORT(handles, 'instagram', 'handle, followers'));
    expect(env.worker.requests).toHaveLength(1);
    const body = env.worker.requests[0].body as Record<string, unknown>;
    expect(body).toMatchObject({
      platform: 'instagram',
      fields: ['handle, followers'],
      // Called from no cell of its own: no header, the first row is the first handle's.
      withHeader: false,
      deadlineMs: FORMULA_DEADLINE_MS,
    });
    expect((body.handles as unknown[]).length).toBe(500);
    expect(Array.isArray(result)).toBe(true);
    const rows = result as unknown[][];
    expect(rows).toHaveLength(500);
    expect(rows[0]).toEqual(['creator0', 1000]);
    // Empty cells come back as "", never null (Sheets would show an error for null).
    expect(rows[7]).toEqual(['', '']);
  });

  it('drops blank rows after the last handle, so an open range such as A2:A spills nothing extra', () => {
    env.worker.on('post', 'api/reports', reportsAnswer());
    const result = formula(() => INFLUENCER_REPORT([['@a'], [''], ['@b'], [''], ['']], 'tiktok', '', false));
    expect((env.worker.requests[0].body as { handles: unknown[] }).handles).toEqual(['@a', '', '@b']);
    expect(result).toEqual([
      ['a', 1000],
      ['', ''],
      ['b', 1000],
    ]);
  });

  it('serves a recalculation from the cache without asking the worker again', () => {
    env.worker.on('post', 'api/reports', reportsAnswer());
    const first = formula(() => INFLUENCER_REPORT([['@a'], ['@b']], 'instagram'));
    const second = formula(() => INFLUENCER_REPORT([['@a'], ['@b']], 'instagram'));
    expect(second).toEqual(first);
    expect(env.worker.requests).toHaveLength(1);
    // Another request (other fields) is another entry.
    formula(() => INFLUENCER_REPORT([['@a'], ['@b']], 'instagram', 'followers'));
    expect(env.worker.requests).toHaveLength(2);
  });

  it('never caches an answer with rows still being fetched: the refresh asks the worker again', () => {
    env.worker.on('post', 'api/reports', reportsAnswer(['@slow']));
    const first = formula(() =>
      INFLUENCER_REPORT([['@a'], ['@slow']], 'instagram', '', false),
    ) as unknown[][];
    expect(first[1][0]).toBe(STILL_FETCHING);
    env.worker.on('post', 'api/reports', reportsAnswer());
    const second = formula(() =>
      INFLUENCER_REPORT([['@a'], ['@slow']], 'instagram', '', false),
    ) as unknown[][];
    expect(second[1]).toEqual(['slow', 1000]);
    expect(env.worker.requests).toHaveLength(2);
    formula(() => INFLUENCER_REPORT([['@a'], ['@slow']], 'instagram', '', false));
    expect(env.worker.requests).toHaveLength(2);
  });

  it('shows the worker refusal as a sentence in the cell, and does not keep it', () => {
    env.worker.on(
      'post',
      'api/reports',
      workerError(402, 'budget_exceeded', 'Budget for today reached (50 credits)'),
    );
    expect(formula(() => INFLUENCER_REPORT('@a', 'instagram'))).toBe('Budget for today reached (50 credits)');
    formula(() => INFLUENCER_REPORT('@a', 'instagram'));
    expect(env.worker.requests).toHaveLength(2);
  });

  it('says what is wrong with the arguments without calling the worker', () => {
    expect(formula(() => INFLUENCER_REPORT('@a', 'myspace'))).toBe(
      'Unknown platform "myspace": use instagram, tiktok, youtube.',
    );
    expect(formula(() => INFLUENCER_REPORT('@a', 'instagram', 'folowers'))).toMatch(
      /^Unknown field "folowers" \(did you mean "followers"\?\)\. Columns are named/,
    );
    expect(
      formula(() =>
        INFLUENCER_REPORT(
          [
            ['@a', '@b'],
            ['@c', '@d'],
          ],
          'instagram',
        ),
      ),
    ).toBe('handles must be one column or one row of cells, got 2 rows of 2 columns.');
    expect(formula(() => INFLUENCER_REPORT([[''], ['']], 'instagram'))).toMatch(/^No handles given/);
    expect(formula(() => INFLUENCER_REPORT('@a', 'instagram', '', 'yes'))).toBe(
      'with_header must be TRUE or FALSE, got yes.',
    );
    const tooMany = Array.from({ length: 2001 }, (_, i) => [`@c${i}`]);
    expect(formula(() => INFLUENCER_REPORT(tooMany, 'instagram'))).toMatch(/at most 2000 in a formula/);
    expect(env.worker.requests).toHaveLength(0);
  });

  it('leaves the platform out when not given, for URLs to say theirs', () => {
    env.worker.on('post', 'api/reports', reportsAnswer());
    formula(() => INFLUENCER_REPORT('https://www.tiktok.com/@nasa'));
    expect(env.worker.requests[0].body).not.toHaveProperty('platform');
  });

  it('says "Not connected" without a document key, even when the owner\'s user store holds one', () => {
    // Inside a formula the user store is the owner's (Apps Script): its key is never the one sent.
    env.fakes.propertiesService.document.deleteProperty('creatorSheets.documentKey');
    expect(formula(() => INFLUENCER_REPORT('@a', 'instagram'))).toBe(NOT_CONNECTED);
    expect(env.worker.requests).toHaveLength(0);
  });
});

describe('EMAIL_SEARCH', () => {
  it('sends the whole range in one request, dates as text, header as asked', () => {
    env.worker.on('post', 'api/email-search', {
      body: {
        columns: [{ id: 'email', label: 'E-mail', format: 'text' }],
        rows: [['a@x.com'], [null], ['d']],
        pending: 0,
      },
    });
    // The cell 2024-01-02 of the fake's Berlin sheet, as getValues hands it over: local midnight.
    const date = new Date(Date.UTC(2024, 0, 1, 23));
    const result = formula(() => EMAIL_SEARCH([['a@x.com'], [''], [date]], false));
    expect(env.worker.requests).toHaveLength(1);
    expect(env.worker.requests[0].body).toMatchObject({
      emails: ['a@x.com', '', '2024-01-02'],
      withHeader: false,
      deadlineMs: FORMULA_DEADLINE_MS,
    });
    expect(result).toEqual([['a@x.com'], [''], ['d']]);
  });
});

describe('AUDIENCE_OVERLAP', () => {
  const overlap = { body: { columns: [], rows: [['Handle'], ['a'], ['b'], ['Total']] } };

  it('reads the platform from the URLs when none is given', () => {
    env.worker.on('post', 'api/overlap', overlap);
    formula(() =>
      AUDIENCE_OVERLAP([['https://www.youtube.com/@nasa'], [''], ['https://www.youtube.com/@esa']]),
    );
    expect(env.worker.requests[0].body).toEqual({
      handles: ['https://www.youtube.com/@nasa', 'https://www.youtube.com/@esa'],
      platform: 'youtube',
      withHeader: false,
      // Every formula sends a deadline, the overlap too: past it, "Still fetching", never #ERROR!.
      deadlineMs: FORMULA_DEADLINE_MS,
    });
  });

  it('refuses fewer than 2 creators, TikTok, and handles that do not say their platform', () => {
    expect(formula(() => AUDIENCE_OVERLAP([['@a'], ['']], 'instagram'))).toMatch(/2 or more creators/);
    expect(formula(() => AUDIENCE_OVERLAP([['@a'], ['@b']], 'tiktok'))).toBe(
      'Audience overlap exists for instagram and youtube only, not tiktok.',
    );
    expect(formula(() => AUDIENCE_OVERLAP([['@a'], ['@b']]))).toBe(
      'Say which platform: instagram or youtube (as the second argument).',
    );
    expect(env.worker.requests).toHaveLength(0);
  });

  it('is cached like the other formulas', () => {
    env.worker.on('post', 'api/overlap', overlap);
    formula(() => AUDIENCE_OVERLAP([['@a', '@b', '@c']], 'instagram'));
    expect(formula(() => AUDIENCE_OVERLAP([['@a', '@b', '@c']], 'instagram'))).toEqual(overlap.body.rows);
    expect(env.worker.requests).toHaveLength(1);
  });
});

describe('rows beside their input (issue 15)', () => {
  /** Writes `text` into a cell of Sheet1 and makes it the running formula's cell, as Sheets does. */
  function typedIn(a1: string, text: string): void {
    env.fakes.spreadsheet.requireSheet('Sheet1').getRange(a1).setFormula(text);
    env.fakes.spreadsheetApp.select(`Sheet1!${a1}`);
  }
  const sent = (index = 0) =>
    env.worker.requests[index].body as { withHeader: boolean; [key: string]: unknown };

  it('answers =INFLUENCER_REPORT(A2:A4) typed in C2 without a header: A2’s report is in row 2', () => {
    env.worker.on('post', 'api/reports', reportsAnswer());
    typedIn('C2', '=INFLUENCER_REPORT(A2:A4, "instagram")');
    const rows = formula(() => INFLUENCER_REPORT([['@a'], ['@b'], ['@c']], 'instagram'));
    expect(sent()).toMatchObject({ handles: ['@a', '@b', '@c'], withHeader: false });
    expect(rows).toEqual([
      ['a', 1000],
      ['b', 1000],
      ['c', 1000],
    ]);
  });

  it('puts the header in the formula’s row when it stands above its input', () => {
    env.worker.on('post', 'api/reports', reportsAnswer());
    typedIn('C1', '=INFLUENCER_REPORT(A2:A4, "instagram")');
    const rows = formula(() => INFLUENCER_REPORT([['@a'], ['@b'], ['@c']], 'instagram')) as unknown[][];
    expect(sent().withHeader).toBe(true);
    expect(rows.map((row) => row[0])).toEqual(['Handle', 'a', 'b', 'c']);
  });

  it('answers the label of a whole column with the header row, and looks up only what is below it', () => {
    env.worker.on('post', 'api/email-search', (request: RecordedRequest) => {
      const body = request.body as { emails: string[]; withHeader: boolean };
      const rows = body.emails.map((email) => [email, 'matched']);
      return {
        body: {
          columns: [
            { id: 'email', label: 'E-mail', format: 'text' },
            { id: 'status', label: 'Status', format: 'text' },
          ],
          rows: body.withHeader ? [['E-mail', 'Status'], ...rows] : rows,
          pending: 0,
        },
      };
    });
    typedIn('B1', '=EMAIL_SEARCH(A:A)');
    const column = [['E-mail'], ['a@x.com'], ['b@x.com'], [''], ['']];
    expect(formula(() => EMAIL_SEARCH(column))).toEqual([
      ['E-mail', 'Status'],
      ['a@x.com', 'matched'],
      ['b@x.com', 'matched'],
    ]);
    expect(sent()).toMatchObject({ emails: ['a@x.com', 'b@x.com'], withHeader: true });
  });

  it('names its own cell to the worker, for an ask for approval (issue 25), outside what is cached', () => {
    env.worker.on('post', 'api/reports', reportsAnswer());
    typedIn('C2', '=INFLUENCER_REPORT(A2:A3, "instagram")');
    formula(() => INFLUENCER_REPORT([['@a'], ['@b']], 'instagram'));
    expect(sent(0).cell).toBe('Sheet1!C2');
    // The same formula in another cell is the same question: the add-on's cache answers it.
    typedIn('D2', '=INFLUENCER_REPORT(A2:A3, "instagram")');
    formula(() => INFLUENCER_REPORT([['@a'], ['@b']], 'instagram'));
    expect(env.worker.requests).toHaveLength(1);
  });

  it('does as with_header says, and reads no cell for the header when it says FALSE (only its name, to ask)', () => {
    env.worker.on('post', 'api/reports', reportsAnswer());
    const cellReads: number[] = [];
    env.fakes.runtime.onExecutionEnd((execution) =>
      cellReads.push(execution.calls.get('SpreadsheetApp.getActiveRange') ?? 0),
    );
    typedIn('C1', '=INFLUENCER_REPORT(A2:A3, "instagram", "", FALSE)');
    formula(() => INFLUENCER_REPORT([['@a'], ['@b']], 'instagram', '', false));
    expect(sent(0).withHeader).toBe(false);
    // Its own cell's name, for the worker's ask (issue 25); nothing read for the header.
    expect(cellReads).toEqual([1]);
    expect(sent(0).cell).toBe('Sheet1!C1');
    typedIn('C2', '=INFLUENCER_REPORT(A2:A3, "instagram", "", TRUE)');
    formula(() => INFLUENCER_REPORT([['@a'], ['@b']], 'instagram', '', true));
    expect(sent(1).withHeader).toBe(true);
  });

  it('applies the same rule to AUDIENCE_OVERLAP, which takes with_header too', () => {
    env.worker.on('post', 'api/overlap', { body: { columns: [], rows: [['a'], ['b'], ['Total']] } });
    typedIn('C2', '=AUDIENCE_OVERLAP(A2:A3, "instagram")');
    formula(() => AUDIENCE_OVERLAP([['@a'], ['@b']], 'instagram'));
    expect(sent(0)).toMatchObject({ handles: ['@a', '@b'], withHeader: false });
    typedIn('C1', '=AUDIENCE_OVERLAP(A:A, "instagram")');
    formula(() => AUDIENCE_OVERLAP([['Instagram handle'], ['@a'], ['@b']], 'instagram'));
    // The label is no creator to compare.
    expect(sent(1)).toMatchObject({ handles: ['@a', '@b'], withHeader: true });
    formula(() => AUDIENCE_OVERLAP([['@c'], ['@d']], 'instagram', true));
    expect(sent(2).withHeader).toBe(true);
    expect(formula(() => AUDIENCE_OVERLAP([['@c'], ['@d']], 'instagram', 'yes'))).toBe(
      'with_header must be TRUE or FALSE, got yes.',
    );
  });
});

describe('numbers as the sidebar shows them (issue 15)', () => {
  it('rounds engagement rates and shares to what a percent format shows, and counts to whole numbers', () => {
    env.worker.on('post', 'api/email-search', {
      body: {
        columns: [
          { id: 'email', label: 'E-mail', format: 'text' },
          { id: 'followers', label: 'Followers', format: 'integer' },
          { id: 'engagement_rate', label: 'Engagement rate', format: 'percent' },
        ],
        rows: [['a@x.com', 12345.6, 0.0415944540727903]],
        pending: 0,
      },
    });
    const rows = formula(() => EMAIL_SEARCH([['a@x.com']])) as unknown[][];
    // Numbers, not text: a percent format on the column shows 4.16%.
    expect(rows).toEqual([['a@x.com', 12346, 0.0416]]);
  });
});

describe('finding where the formula stands (issue 15), as a cost', () => {
  it('takes three Spreadsheet calls a run, from the cache too, and none when with_header is FALSE and the cache answers', () => {
    env.worker.on('post', 'api/reports', reportsAnswer());
    const placeCalls: number[] = [];
    env.fakes.runtime.onExecutionEnd((execution) => {
      let n = 0;
      for (const call of ['SpreadsheetApp.getActiveRange', 'Range.getFormula', 'Range.getRow'])
        n += execution.calls.get(call) ?? 0;
      placeCalls.push(n);
    });
    env.fakes.spreadsheet
      .requireSheet('Sheet1')
      .getRange('C2')
      .setFormula('=INFLUENCER_REPORT(A2:A3, "instagram")');
    env.fakes.spreadsheetApp.select('Sheet1!C2');
    formula(() => INFLUENCER_REPORT([['@a'], ['@b']], 'instagram'));
    // The recalculation is answered by the add-on's cache, and still reads where it stands first:
    // the header rule decides what is asked, and so what the cache is keyed by.
    formula(() => INFLUENCER_REPORT([['@a'], ['@b']], 'instagram'));
    expect(env.worker.requests).toHaveLength(1);
    formula(() => INFLUENCER_REPORT([['@a'], ['@b']], 'instagram', '', false));
    expect(placeCalls).toEqual([3, 3, 0]);
  });
});

describe('property reads (issue 13: 50,000 a day on consumer accounts)', () => {
  /** Properties.get* calls of every run from now on. */
  function countReads(): { reads: number } {
    const counted = { reads: 0 };
    env.fakes.runtime.onExecutionEnd((execution) => {
      for (const [call, n] of execution.calls) if (/^Properties\.get/.test(call)) counted.reads += n;
    });
    return counted;
  }

  it('reads document properties once per formula run, and never the user store', () => {
    env.worker.on('post', 'api/reports', reportsAnswer());
    const counted = countReads();
    formula(() => INFLUENCER_REPORT([['@a'], ['@b']], 'instagram'));
    expect(env.worker.requests).toHaveLength(1);
    expect(counted.reads).toBe(1);
  });
});

describe("dates in the spreadsheet's time zone (issue 13)", () => {
  it('reads a date cell of a Berlin sheet as the day the sheet shows, and sends the zone', () => {
    env.worker.on('post', 'api/reports', reportsAnswer());
    const sheet = env.fakes.spreadsheet.requireSheet('Sheet1');
    sheet.getRange('A1:A2').setValues([['@nasa'], ['2026-11-25']]);
    const cells = sheet.getRange('A1:A2').getValues();
    // Sheets' rule, kept by the fake: the cell is midnight in Berlin, the day before in UTC.
    expect((cells[1][0] as Date).toISOString()).toBe('2026-11-24T23:00:00.000Z');
    formula(() => INFLUENCER_REPORT(cells, 'instagram'));
    expect(env.worker.requests[0].body).toMatchObject({
      handles: ['@nasa', '2026-11-25'],
      timeZone: 'Europe/Berlin',
    });
  });
});

describe('dates in a sheet west of UTC', () => {
  it('sends that zone, and reads its date cells as its days', () => {
    env.restore();
    env = installServerGlobals({ spreadsheet: { timeZone: 'America/Los_Angeles' } });
    env.connect();
    env.worker.on('post', 'api/reports', reportsAnswer());
    const sheet = env.fakes.spreadsheet.requireSheet('Sheet1');
    sheet.getRange('A1').setValue('2026-11-25');
    const cell = sheet.getRange('A1').getValue();
    expect((cell as Date).toISOString()).toBe('2026-11-25T08:00:00.000Z');
    formula(() => INFLUENCER_REPORT([[cell]], 'instagram'));
    expect(env.worker.requests[0].body).toMatchObject({
      handles: ['2026-11-25'],
      timeZone: 'America/Los_Angeles',
    });
  });
});

describe("the formulas' help", () => {
  const source = readFileSync(
    join(__dirname, '../../../../addon/server/formulas/custom-functions.ts'),
    'utf8',
  );
  /** The JSDoc right above `export function name(`, as the build copies it onto the stub. */
  const help = (name: string): string => {
    const end = source.indexOf(`export function ${name}(`);
    const start = source.lastIndexOf('/**', end);
    return source.slice(start, end).replace(/\n \* ?/g, ' ');
  };
  /** Families of columns the help names by their first and last. */
  const RANGES: [RegExp, string][] = [
    [/^Audience \d\d-\d\d$|^Audience 65\+$/, 'Audience 13-17 to Audience 65+'],
    [/^Audience country \d share$/, 'Audience country 1 share to Audience country 5 share'],
  ];

  it.each([
    ['INFLUENCER_REPORT', REPORT_COLUMNS],
    ['EMAIL_SEARCH', EMAIL_COLUMNS],
    ['AUDIENCE_OVERLAP', OVERLAP_COLUMNS],
  ] as const)('%s says which of its columns are percents, every one of them', (name, columns) => {
    const text = help(name);
    expect(text).toContain('Numbers come rounded as the sidebar shows them');
    const percents = columns.filter((column) => column.format === 'percent').map((column) => column.label);
    expect(percents.length).toBeGreaterThan(0);
    for (const label of percents) {
      const family = RANGES.find(([pattern]) => pattern.test(label));
      expect(text).toContain(family === undefined ? label : family[1]);
    }
  });
});
