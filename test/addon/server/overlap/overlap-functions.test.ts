import { estimateOverlap, runOverlap } from '../../../../addon/server/overlap/overlap-functions';
import { NOT_CONNECTED } from '../../../../addon/server/worker-client/worker-failure';
import type { OverlapCheck, OverlapRun } from '../../../../addon/bridge-contract/overlap-api';
import { errorRow } from '../../../../shared/rows/columns';
import { OVERLAP_COLUMNS, overlapToRows } from '../../../../shared/rows/overlap-rows';
import { unreadableAnswerMessage, type UnreadableAnswer } from '../../../../shared/unreadable-answer';
import type { OverlapAnswer } from '../../../../shared/worker-api/overlap';
import { overlapAnswer } from './overlap-answer';
import { workerError } from '../scripted-worker';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Creators'] } });
  const sheet = env.fakes.spreadsheet.requireSheet('Creators');
  sheet
    .getRange('A1:A7')
    .setValues([['Handle'], ['@NASA'], ['https://www.instagram.com/esa/'], [''], ['nasa'], ['spacex'], ['']]);
  sheet.getRange('C1:F1').setValues([['nasa', 'esa', '@esa', 'jaxa']]);
});
afterEach(() => env.restore());

const SELECTION: OverlapCheck = { platform: 'instagram', creators: { kind: 'selection' } };

function run(check: OverlapCheck, extra: Partial<OverlapRun> = {}): OverlapRun {
  return { ...check, tabName: '', refresh: false, confirmedCost: false, expectedSource: null, ...extra };
}

/** What the worker answers when the API billed an overlap in a shape it could not read. */
function unreadableOverlapAnswer(fromCache = false): OverlapAnswer {
  const unreadable: UnreadableAnswer = {
    unreadable: true,
    operation: 'audienceOverlap',
    answerId: 'ua_9x2',
    at: '2025-03-01T10:00:00.000Z',
    credits: 1,
    rawRequests: 0,
  };
  return {
    header: OVERLAP_COLUMNS.map((col) => col.label),
    columns: [...OVERLAP_COLUMNS],
    rows: [errorRow(unreadableAnswerMessage(unreadable), OVERLAP_COLUMNS.length)],
    reportInfo: {},
    unreadable,
    fromCache,
    storedAt: 0,
    credits: fromCache ? 0 : 1,
    pending: 0,
    awaitingApproval: 0,
  };
}

function answerOverlap(fromCache = false): void {
  env.worker.on('post', 'api/overlap', (request) => ({
    body: overlapAnswer((request.body as { handles: string[] }).handles, fromCache),
  }));
}

describe('estimateOverlap', () => {
  it('counts a selected column as the worker will: header skipped, repeats and blanks once, no API call', () => {
    env.fakes.spreadsheetApp.select('Creators!A:A');
    expect(estimateOverlap(SELECTION)).toMatchObject({
      source: 'Creators!A2:A6',
      rows: 4,
      blanks: 1,
      repeats: 1,
      creators: 3,
      unreadable: [],
      problem: null,
      maxCredits: 1,
      needsConfirmation: false,
    });
    expect(estimateOverlap(SELECTION).summary).toBe(
      '3 instagram creators from Creators!A2:A6 to compare (1 repeat, 1 blank). At most 1 credit for the whole set; a set the worker compared before is free.',
    );
    expect(env.worker.requests).toHaveLength(0);
  });

  it('reads a selected row across', () => {
    env.fakes.spreadsheetApp.select('Creators!C1:F1');
    expect(estimateOverlap(SELECTION)).toMatchObject({ source: 'Creators!C1:F1', creators: 3, repeats: 1 });
  });

  it('names unreadable cells and suggests the platform their URLs belong to', () => {
    const estimate = estimateOverlap({
      platform: 'instagram',
      creators: {
        kind: 'typed',
        text: 'https://www.youtube.com/@nasa\nhttps://www.youtube.com/@esa\n',
      },
    });
    expect(estimate.creators).toBe(0);
    expect(estimate.unreadableCount).toBe(2);
    expect(estimate.unreadable[0].where).toBe('line 1');
    expect(estimate.problem).toMatch(/^line 1: .*\(and 1 more\)\. Correct or remove them to compare\./);
    expect(estimate.problem).toMatch(/choose youtube as the platform\.$/);
  });

  it('states the limits as problems: fewer than 2, more than 100', () => {
    const one = estimateOverlap({ platform: 'youtube', creators: { kind: 'typed', text: '@nasa\n@NASA' } });
    expect(one.problem).toBe('An overlap compares 2 to 100 different youtube creators: only 1 is given.');
    const many = Array.from({ length: 101 }, (_, i) => `creator${i}`).join('\n');
    expect(estimateOverlap({ platform: 'instagram', creators: { kind: 'typed', text: many } }).problem).toBe(
      'An overlap compares at most 100 creators at once, and 101 are given: split them into smaller sets.',
    );
  });

  it('says what to do when nothing is selected', () => {
    env.fakes.spreadsheetApp.select('Creators!H10:H12');
    expect(() => estimateOverlap(SELECTION)).toThrow(/empty/);
  });
});

describe('runOverlap', () => {
  it('compares the selected creators in one call and writes the table with totals into a new tab', () => {
    env.connect();
    answerOverlap();
    env.fakes.spreadsheetApp.select('Creators!A1:A7');
    const outcome = runOverlap(run(SELECTION, { expectedSource: 'Creators!A2:A6' }));

    const calls = env.worker.calls('api/overlap');
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({
      platform: 'instagram',
      handles: ['nasa', 'esa', 'spacex'],
      withHeader: false,
      refresh: false,
    });
    const tab = env.fakes.spreadsheet.requireSheet('Overlap (instagram)');
    const values = tab.getDataRange().getValues();
    expect(values[0]).toEqual(OVERLAP_COLUMNS.map((col) => col.label));
    expect(values.map((row) => row[0])).toEqual(['Handle', 'nasa', 'esa', 'spacex', 'Total']);
    // Per creator: followers x unique share; totals: distinct followers of the set.
    expect(values[1]).toEqual(['nasa', 'id-nasa', 1000, 400, 0.4, 0.6]);
    expect(values[4]).toEqual(['Total', '', 6000, 4500, 0.75, 0.25]);
    expect(tab.getFrozenRows()).toBe(1);

    expect(outcome).toMatchObject({
      sheetName: 'Overlap (instagram)',
      destination: "'Overlap (instagram)'!A2",
      fromCache: false,
      credits: 1,
      totals: { followers: 6000, uniqueFollowers: 4500, uniqueShare: 0.75 },
    });
    expect(outcome.creators).toEqual([
      { handle: 'nasa', followers: 1000, unique: 0.4, overlapping: 0.6 },
      { handle: 'esa', followers: 2000, unique: 0.41, overlapping: 0.59 },
      { handle: 'spacex', followers: 3000, unique: 0.42, overlapping: 0.58 },
    ]);
    expect(outcome.message).toBe(
      "Compared 3 instagram creators: 6,000 followers in all, 4,500 of them different people (75%). Written to 'Overlap (instagram)'!A2 (1 credit).",
    );
  });

  it('says an answer from the worker cache was free, and uses the tab name given', () => {
    env.connect();
    answerOverlap(true);
    const outcome = runOverlap(
      run(
        { platform: 'youtube', creators: { kind: 'typed', text: '@nasa, @esa\n@jaxa' } },
        { tabName: '  Space  agencies ', refresh: true },
      ),
    );
    expect(env.worker.calls('api/overlap')[0].body).toMatchObject({
      platform: 'youtube',
      handles: ['nasa', 'esa', 'jaxa'],
      refresh: true,
    });
    expect(outcome.sheetName).toBe('Space agencies');
    expect(outcome.message).toMatch(/\(free, compared before\)\.$/);
  });

  it('says plainly that a billed answer could not be read, once, instead of totals', () => {
    env.connect();
    env.worker.on('post', 'api/overlap', { body: unreadableOverlapAnswer() });
    const outcome = runOverlap(
      run({ platform: 'instagram', creators: { kind: 'typed', text: 'nasa\nesa' } }),
    );

    expect(outcome).toMatchObject({
      sheetName: 'Overlap (instagram)',
      creators: [],
      totals: { followers: null, uniqueFollowers: null, uniqueShare: null },
      fromCache: false,
      credits: 1,
      unreadableAnswerId: 'ua_9x2',
    });
    expect(outcome.message).toBe(
      'The API answered in a shape this version cannot read; it was billed once and no new charge follows ' +
        "(kept for an admin as answer ua_9x2). No figures for the 2 instagram creators; 'Overlap (instagram)'!A2 says the same.",
    );
    expect(outcome.message).not.toMatch(/followers in all/);
    // The tab keeps the same sentence, so the sheet says what happened after the sidebar closes.
    const values = env.fakes.spreadsheet.requireSheet('Overlap (instagram)').getDataRange().getValues();
    expect(values).toHaveLength(2);
    expect(values[1][0]).toMatch(/^The API answered in a shape this version cannot read/);
  });

  it('says the same when the unreadable answer comes from the worker cache', () => {
    env.connect();
    env.worker.on('post', 'api/overlap', { body: unreadableOverlapAnswer(true) });
    const outcome = runOverlap(run({ platform: 'youtube', creators: { kind: 'typed', text: 'nasa\nesa' } }));
    expect(outcome).toMatchObject({ fromCache: true, credits: 0, unreadableAnswerId: 'ua_9x2' });
    expect(outcome.message).toMatch(/no new charge follows/);
  });

  it('writes the creators of an answer without totals (reportInfo {}), and states no totals', () => {
    env.connect();
    env.worker.on('post', 'api/overlap', (request) => {
      const handles = (request.body as { handles: string[] }).handles;
      const answer = overlapAnswer(handles);
      const data = handles.map((username) => ({ userId: `id-${username}`, username, followers: 1000 }));
      return { body: { ...answer, reportInfo: {}, rows: overlapToRows({ reportInfo: {}, data }) } };
    });
    const outcome = runOverlap(
      run({ platform: 'instagram', creators: { kind: 'typed', text: 'nasa\nesa' } }),
    );
    expect(outcome.totals).toEqual({ followers: null, uniqueFollowers: null, uniqueShare: null });
    expect(outcome.creators.map((creator) => creator.handle)).toEqual(['nasa', 'esa']);
    expect(outcome.unreadableAnswerId).toBeNull();
    expect(outcome.message).toBe(
      "Compared 2 instagram creators. Written to 'Overlap (instagram)'!A2 (1 credit).",
    );
  });

  it('pays nothing and writes nothing while the input has a problem', () => {
    env.connect();
    answerOverlap();
    expect(() =>
      runOverlap(run({ platform: 'instagram', creators: { kind: 'typed', text: 'nasa' } })),
    ).toThrow(/only 1 is given/);
    expect(env.worker.requests).toHaveLength(0);
    expect(env.fakes.spreadsheet.getSheets()).toHaveLength(1);
  });

  it('stops when the selection moved since it was counted', () => {
    env.connect();
    answerOverlap();
    env.fakes.spreadsheetApp.select('Creators!C1:F1');
    expect(() => runOverlap(run(SELECTION, { expectedSource: 'Creators!A2:A6' }))).toThrow(
      'The creators are now read from Creators!C1:F1, not Creators!A2:A6 as counted: check the count again, then compare.',
    );
    expect(env.worker.requests).toHaveLength(0);
  });

  it('says how to connect, and creates no tab, without a worker key', () => {
    answerOverlap();
    expect(() =>
      runOverlap(run({ platform: 'instagram', creators: { kind: 'typed', text: 'a\nb' } })),
    ).toThrow(NOT_CONNECTED);
    expect(env.fakes.spreadsheet.getSheets()).toHaveLength(1);
  });

  it("passes the worker's refusal on, and creates no tab", () => {
    env.connect();
    env.worker.on(
      'post',
      'api/overlap',
      workerError(402, 'budget_exceeded', 'Your daily budget of 5 credits is spent.'),
    );
    expect(() =>
      runOverlap(run({ platform: 'instagram', creators: { kind: 'typed', text: 'a\nb' } })),
    ).toThrow('Your daily budget of 5 credits is spent.');
    expect(env.fakes.spreadsheet.getSheets()).toHaveLength(1);
  });
});
