import {
  deleteSavedForm,
  getFormMemory,
  getRunHistory,
  loadSavedForm,
  rememberForm,
  saveForm,
} from '../../../../addon/server/saved-work/saved-work-functions';
import {
  MAX_RUN_LINES,
  noteRunEnded,
  noteRunStarted,
  readRunLines,
} from '../../../../addon/server/saved-work/run-history';
import { MAX_SAVED_PER_SECTION, SAVED_WORK_MAX_BYTES } from '../../../../addon/server/saved-work/saved-forms';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

/**
 * Issue 15: searches and presets saved under a name in the document (every editor's), each
 * user's last form restored, and the document's run history with the worker's breakdown, all
 * within what Apps Script's property stores hold.
 */

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Leads'] } });
  env.connect();
});
afterEach(() => env.restore());

const fitness = { platform: 'instagram', keywords: 'fitness', followersMin: '10k', tabMode: 'replace' };

describe('saved forms', () => {
  it('saves under a name, lists, loads, refuses a taken name unless overwriting, deletes', () => {
    const saved = saveForm('search', '  Fitness  DE ', fitness, false);
    expect(saved).toEqual({
      section: 'search',
      saved: [{ name: 'Fitness DE', savedBy: 'ana@team.com', savedAt: expect.any(String) }],
      last: null,
    });
    expect(loadSavedForm('search', 'Fitness DE').form).toEqual(fitness);

    expect(() => saveForm('search', 'fitness de', { ...fitness, keywords: 'yoga' }, false)).toThrow(
      'A saved search is already called "Fitness DE": choose Overwrite to replace it, or another name.',
    );
    saveForm('search', 'fitness de', { ...fitness, keywords: 'yoga' }, true);
    expect(getFormMemory('search').saved.map((item) => item.name)).toEqual(['fitness de']);
    expect(loadSavedForm('search', 'FITNESS DE').form).toMatchObject({ keywords: 'yoga' });

    // Each section keeps its own.
    expect(getFormMemory('ai').saved).toEqual([]);
    expect(deleteSavedForm('search', 'Fitness de').saved).toEqual([]);
    expect(() => loadSavedForm('search', 'Fitness DE')).toThrow(
      'No saved search is called "Fitness DE" in this spreadsheet any more: reload the list.',
    );
  });

  it("are every editor's: another editor of the document finds and loads them", () => {
    saveForm('raw', 'Nasa feed', { operation: 'rawIgUserFeed' }, false);
    env.fakes.session.actAs('bo@team.com');
    expect(getFormMemory('raw').saved.map((item) => item.name)).toEqual(['Nasa feed']);
    expect(loadSavedForm('raw', 'Nasa feed').form).toEqual({ operation: 'rawIgUserFeed' });
  });

  it('refuses a form past the 9 KB a property holds, with a sentence, and keeps nothing', () => {
    const big = { ...fitness, bio: 'x'.repeat(9300) };
    expect(() => saveForm('ai', 'Huge', big, false)).toThrow(
      /^"Huge" takes 9\.\d KB, more than the 9\.0 KB Apps Script keeps in one document property: shorten/,
    );
    expect(getFormMemory('ai').saved).toEqual([]);
  });

  it('refuses past the room set aside for saved work in the 500 KB of the document', () => {
    const page = { bio: 'y'.repeat(8000) };
    let saved = 0;
    let refusal: unknown = null;
    for (let i = 0; i < 40 && refusal === null; i++) {
      try {
        saveForm('search', `Preset ${i}`, page, false);
        saved += 1;
      } catch (error) {
        refusal = error;
      }
    }
    expect(saved).toBeLessThanOrEqual(Math.floor(SAVED_WORK_MAX_BYTES / 8000));
    expect(saved).toBeGreaterThan(20);
    expect(String(refusal)).toMatch(
      /saved searches, presets and run history take 1\d\d\.\d KB of the 200\.0 KB set aside for them \(Apps Script keeps 500 KB per document\): delete some saved searches first\./,
    );
    // What was kept reads back, and the store stayed within Apps Script's limits (the fake enforces them).
    expect(getFormMemory('search').saved).toHaveLength(saved);
  });

  it('keeps up to 50 of a section: the 51st is refused, overwriting one still works', () => {
    for (let i = 0; i < MAX_SAVED_PER_SECTION; i++) saveForm('search', `Preset ${i}`, fitness, false);
    expect(MAX_SAVED_PER_SECTION).toBe(50);
    expect(() => saveForm('search', 'One more', fitness, false)).toThrow(
      'This spreadsheet keeps up to 50 saved searches: delete one first.',
    );
    expect(getFormMemory('search').saved).toHaveLength(50);
    saveForm('search', 'Preset 7', { ...fitness, keywords: 'yoga' }, true);
    expect(loadSavedForm('search', 'Preset 7').form).toMatchObject({ keywords: 'yoga' });
    // Each section counts its own.
    expect(saveForm('ai', 'One more', fitness, false).saved).toHaveLength(1);
  });

  it("refuses when the document's other add-on data leaves too little of its 500 KB", () => {
    // Job records, keys and settings: 56 values of 8,000 bytes, about 439 KB, none of it saved work.
    const document = env.fakes.propertiesService.document;
    for (let i = 0; i < 56; i++) document.setProperty(`creatorSheets.other.${i}`, 'd'.repeat(8000));
    saveForm('search', 'Small', fitness, false);
    expect(() => saveForm('search', 'Bigger', { ...fitness, bio: 'b'.repeat(2000) }, false)).toThrow(
      /^This spreadsheet's add-on data takes 439\.\d KB of the 500 KB Apps Script keeps per document: delete some saved searches first, or wait for finished jobs to be cleared \(a day\)\.$/,
    );
    expect(getFormMemory('search').saved.map((item) => item.name)).toEqual(['Small']);
  });

  it('refuses an empty name, and one past 80 characters', () => {
    expect(() => saveForm('raw', '   ', fitness, false)).toThrow('Give the raw data preset a name.');
    expect(() => saveForm('raw', 'n'.repeat(81), fitness, false)).toThrow(
      `A name may hold up to 80 characters; "${'n'.repeat(20)}…" has 81.`,
    );
    saveForm('raw', 'n'.repeat(80), fitness, false);
    expect(getFormMemory('raw').saved).toHaveLength(1);
  });
});

describe('the last form of a section', () => {
  it("is each user's, per document, and comes back when the sidebar opens again", () => {
    rememberForm('search', fitness);
    expect(getFormMemory('search').last).toEqual(fitness);
    // Another editor of the same document starts from their own.
    env.fakes.session.actAs('bo@team.com');
    expect(getFormMemory('search').last).toBeNull();
  });

  it('is not kept past the 9 KB a property holds: the form before it stays', () => {
    rememberForm('search', fitness);
    rememberForm('search', { ...fitness, bio: 'x'.repeat(9300) });
    expect(getFormMemory('search').last).toEqual(fitness);
  });

  it('keeps only the newest forms across documents, so the user store stays small', () => {
    const store = env.fakes.propertiesService.user;
    for (let i = 0; i < 50; i++) {
      store.setProperty(
        `creatorSheets.lastForm.search.doc-${i}`,
        JSON.stringify({ at: 1000 + i, form: { keywords: `k${i}` } }),
      );
    }
    rememberForm('search', fitness);
    const kept = store.getKeys().filter((key) => key.startsWith('creatorSheets.lastForm.'));
    expect(kept).toHaveLength(36);
    expect(kept).toContain('creatorSheets.lastForm.search.doc-49');
    expect(kept).not.toContain('creatorSheets.lastForm.search.doc-0');
    expect(getFormMemory('search').last).toEqual(fitness);
  });
});

describe('the run history', () => {
  const start = (i: number) => ({
    id: `job-${i}`,
    kind: 'search-pages' as const,
    who: 'ana@team.com',
    destination: {
      sheetId: 7,
      sheetName: `Search ${i}`,
      headerRow: 1,
      firstDataRow: 2,
      firstColumn: 1,
      width: 3,
      rows: 15,
      newTab: true,
      mode: 'new' as const,
    },
    startedAt: new Date(Date.UTC(2025, 4, 14, 9, i)).toISOString(),
  });
  const end = { rows: 15, credits: 0.15, outcome: 'done' as const, endedAt: '2025-05-14T10:00:00.000Z' };

  it('keeps the newest lines in chunks under 9 KB each, newest first', () => {
    for (let i = 0; i < MAX_RUN_LINES + 20; i++) noteRunEnded(start(i), end);
    const lines = readRunLines();
    expect(lines).toHaveLength(MAX_RUN_LINES);
    expect(lines[0].tab).toBe(`Search ${MAX_RUN_LINES + 19}`);
    const chunks = env.fakes.propertiesService.document
      .getKeys()
      .filter((key) => key.startsWith('creatorSheets.runs.'));
    expect(chunks.length).toBeGreaterThan(1);
    for (const key of chunks) {
      const value = env.fakes.propertiesService.document.getProperty(key) ?? '';
      expect(Buffer.byteLength(value)).toBeLessThanOrEqual(9 * 1024);
    }
  });

  it("answers the lines with the worker's breakdown per operation and day, read tolerantly", () => {
    noteRunEnded(start(1), end);
    env.worker.on('get', 'api/account/breakdown', {
      body: {
        email: 'ana@team.com',
        role: 'member',
        from: '2025-04-15',
        to: '2025-05-14',
        days: 30,
        mine: {
          total: { credits: 0.15, calls: 1, rawRequests: 0, cacheHits: 0, creditsSaved: 0 },
          byOperation: [{ operation: 'search', credits: 0.15, calls: 1, rawRequests: 0 }],
          byDay: [{ day: '2025-05-14', credits: 0.15, calls: 1, rawRequests: 0 }],
        },
      },
    });
    const history = getRunHistory();
    expect(history.runs).toEqual([
      expect.objectContaining({ id: 'job-1', outcome: 'done', tab: 'Search 1' }),
    ]);
    expect(history.breakdown).toEqual({
      days: 30,
      from: '2025-04-15',
      to: '2025-05-14',
      mine: {
        credits: 0.15,
        calls: 1,
        rawRequests: 0,
        byOperation: [{ key: 'search', credits: 0.15, calls: 1, rawRequests: 0 }],
        byDay: [{ key: '2025-05-14', credits: 0.15, calls: 1, rawRequests: 0 }],
      },
      team: null,
    });
    expect(env.worker.calls('api/account/breakdown')[0].query).toEqual({ days: '30' });
  });

  it('still shows the lines when the worker cannot answer the breakdown, and says why', () => {
    noteRunEnded(start(1), end);
    env.worker.on('get', 'api/account/breakdown', {
      status: 404,
      body: { error: { code: 'not_found', message: 'No route GET /api/account/breakdown' } },
    });
    const history = getRunHistory();
    expect(history.runs).toHaveLength(1);
    expect(history.breakdown).toBeNull();
    expect(history.breakdownNote).toMatch(/^The credits per operation and day could not be read: /);
  });

  it('says a run ended out of sight when its job is no longer followed', () => {
    noteRunEnded(start(1), end);
    // Started, and its job record since dropped (the worker forgot it): no record follows job-2.
    noteRunStarted(start(2));
    env.worker.on('get', 'api/account/breakdown', { status: 500, body: {} });
    expect(getRunHistory().runs.map((line) => [line.id, line.outcome])).toEqual([
      ['job-2', 'unknown'],
      ['job-1', 'done'],
    ]);
  });
});

describe('the last forms across documents', () => {
  it('keep to about 100 KB of the user store, however large each form is', () => {
    const store = env.fakes.propertiesService.user;
    for (let i = 0; i < 30; i++) {
      store.setProperty(
        `creatorSheets.lastForm.ai.doc-${i}`,
        JSON.stringify({ at: 1000 + i, form: { bio: 'z'.repeat(8000) } }),
      );
    }
    rememberForm('ai', fitness);
    const kept = store.getKeys().filter((key) => key.startsWith('creatorSheets.lastForm.'));
    const bytes = kept.reduce((sum, key) => sum + key.length + (store.getProperty(key) ?? '').length, 0);
    expect(bytes).toBeLessThanOrEqual(100 * 1024);
    expect(kept).toContain('creatorSheets.lastForm.ai.doc-29');
    expect(getFormMemory('ai').last).toEqual(fitness);
  });
});

describe('property reads (a daily quota: 50,000 on consumer accounts)', () => {
  /** Reads of the document's store from now on (getProperty, getProperties and getKeys alike). */
  function documentReads(): { count: number } {
    const counted = { count: 0 };
    const store = env.fakes.propertiesService.document;
    for (const method of ['getProperty', 'getProperties', 'getKeys'] as const) {
      const real = store[method].bind(store) as (...args: unknown[]) => unknown;
      jest.spyOn(store, method).mockImplementation(((...args: unknown[]) => {
        counted.count += 1;
        return real(...args);
      }) as never);
    }
    return counted;
  }
  afterEach(() => jest.restoreAllMocks());

  it("a save reads the document's store once, and lists the section from that read", () => {
    saveForm('search', 'Fitness DE', fitness, false);
    const reads = documentReads();
    expect(saveForm('search', 'Yoga', { ...fitness, keywords: 'yoga' }, false).saved).toHaveLength(2);
    expect(reads.count).toBe(1);
  });

  it('a history line is written with one read of the store, however many chunks it holds', () => {
    const destination = {
      sheetId: 7,
      sheetName: 'Search',
      headerRow: 1,
      firstDataRow: 2,
      firstColumn: 1,
      width: 3,
      rows: 15,
      newTab: true,
    };
    const start = (i: number) => ({
      id: `job-${i}`,
      kind: 'search-pages' as const,
      who: null,
      destination,
      startedAt: '2025-05-14T09:00:00.000Z',
    });
    for (let i = 0; i < 60; i++) noteRunStarted(start(i));
    const reads = documentReads();
    noteRunStarted(start(60));
    noteRunEnded(start(60), { rows: 15, credits: 0, outcome: 'done', endedAt: '2025-05-14T10:00:00.000Z' });
    expect(reads.count).toBe(2);
    expect(readRunLines()[0]).toMatchObject({ id: 'job-60', outcome: 'done' });
  });

  it('the history reads the lines and the jobs still followed in one read', () => {
    noteRunStarted({
      id: 'job-1',
      kind: 'email-enrichment',
      who: null,
      destination: {
        sheetId: 1,
        sheetName: 'Leads',
        headerRow: null,
        firstDataRow: 2,
        firstColumn: 2,
        width: 4,
        rows: 3,
        newTab: false,
      },
      startedAt: '2025-05-14T09:00:00.000Z',
    });
    env.worker.on('get', 'api/account/breakdown', { status: 500, body: {} });
    const reads = documentReads();
    expect(getRunHistory().runs.map((line) => line.outcome)).toEqual(['unknown']);
    // And one for the worker's address, which every call to the worker reads; the schedules' runs
    // (issue 25, Account lists them) are a second call: its key check and the call read it again.
    expect(reads.count).toBe(4);
  });
});
