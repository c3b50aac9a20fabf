import { continueCollaborations, startCollaborations } from '../../../addon/server/collaborations-functions';
import type { CollaborationsRequest } from '../../../addon/shared/collaborations-api';
import {
  COLLABORATION_POST_COLUMNS,
  COLLABORATION_SUMMARY_COLUMNS,
} from '../../../shared/rows/collaboration-rows';
import type { Column, Row } from '../../../shared/rows/columns';
import type { RecordedRequest } from './scripted-worker';
import { workerError } from './scripted-worker';
import { installServerGlobals, type ServerGlobals } from './server-globals';

/** The Collaborations section's server functions against a scripted worker and the Sheets fakes. */

const POSTS_PATH = 'api/collaborations/posts';
const SUMMARY_PATH = 'api/collaborations/summary';
const OLDER_PATH = 'api/collaborations/deprecated';

let globals: ServerGlobals;
beforeEach(() => {
  globals = installServerGlobals();
  globals.connect();
});
afterEach(() => globals.restore());

function postsRequest(pages: number, extra: Partial<CollaborationsRequest> = {}): CollaborationsRequest {
  return {
    kind: 'posts',
    subject: 'influencer',
    platform: 'instagram',
    id: '@Ana',
    pages,
    ...extra,
  } as CollaborationsRequest;
}

function postRow(page: number, index: number): Row {
  return [`=p${page}-${index}`, '2024-05-01', 'Paid', 'Title', null, null, 10, 1, 100, null, 2, 'Nike', null];
}

/**
 * The worker's posts route: `total` pages of `perPage` posts, the cursor naming the next page
 * (`p<n>`), `maxPages` per call, 0.2 credits a page; optionally failing at one page.
 */
function postsRoute(total: number, perPage = 3, failAt: number | null = null) {
  return (request: RecordedRequest) => {
    const body = request.body as { cursor?: string; maxPages: number };
    const start = body.cursor === undefined ? 0 : Number(body.cursor.slice(1));
    let end = Math.min(total, start + body.maxPages);
    let incomplete: string | undefined;
    if (failAt !== null && failAt >= start && failAt < end) {
      if (failAt === start) return workerError(503, 'upstream_unavailable', 'The API is unavailable (503).');
      end = failAt;
      incomplete = 'The API is unavailable (503).';
    }
    const rows: Row[] = [];
    for (let page = start; page < end; page++) {
      for (let index = 0; index < perPage; index++) rows.push(postRow(page, index));
    }
    const more = end < total;
    return {
      body: {
        header: COLLABORATION_POST_COLUMNS.map((col) => col.label),
        columns: COLLABORATION_POST_COLUMNS,
        rows,
        pages: end - start,
        more,
        cursor: more ? `p${end}` : null,
        estimate: { credits: 0.2 * body.maxPages, rawRequests: 0 },
        credits: Math.round(0.2 * (end - start) * 1000) / 1000,
        side: 'influencer',
        ...(incomplete === undefined ? {} : { incomplete }),
      },
    };
  };
}

function tab(name: string) {
  const sheet = globals.fakes.spreadsheet.getSheetByName(name);
  if (sheet === null) throw new Error(`no tab ${name}`);
  return sheet;
}

describe('posts', () => {
  it('writes 12 pages into one tab over three calls of 5, 5 and 2 pages, each from the last cursor', () => {
    globals.worker.on('post', POSTS_PATH, postsRoute(12));

    let progress = startCollaborations(postsRequest(12), true);
    const seen = [progress];
    while (!progress.finished) {
      progress = continueCollaborations(progress.run);
      seen.push(progress);
    }

    const calls = globals.worker.calls(POSTS_PATH);
    expect(calls.map((call) => call.body)).toEqual([
      { id: 'ana', platform: 'instagram', maxPages: 5 },
      { id: 'ana', platform: 'instagram', cursor: 'p5', maxPages: 5 },
      { id: 'ana', platform: 'instagram', cursor: 'p10', maxPages: 2 },
    ]);
    expect(seen.map((step) => [step.run.pagesDone, step.run.rowsWritten, step.finished])).toEqual([
      [5, 15, false],
      [10, 30, false],
      [12, 36, true],
    ]);
    expect(seen[0].message).toBe("5 of 12 pages: 15 posts so far in 'Collabs posts @ana'!A2 (1 credit).");
    expect(progress.message).toBe("Wrote 36 posts from 12 pages into 'Collabs posts @ana'!A2 (2.4 credits).");
    const values = tab('Collabs posts @ana').getDataRange().getValues();
    expect(values[0]).toEqual(COLLABORATION_POST_COLUMNS.map((col) => col.label));
    // Every post once, in order, and a caption that looks like a formula stays text.
    const expected: string[] = [];
    for (let page = 0; page < 12; page++)
      for (let index = 0; index < 3; index++) expected.push(`=p${page}-${index}`);
    expect(values.slice(1).map((row) => row[0])).toEqual(expected);
    expect(tab('Collabs posts @ana').getRange('A37').getNumberFormat()).toBe('@');
  });

  it('says when the API has more past the pages asked for', () => {
    globals.worker.on('post', POSTS_PATH, postsRoute(9));
    const progress = startCollaborations(postsRequest(3), false);
    expect(progress).toMatchObject({ finished: true, more: true });
    expect(progress.message).toBe(
      "Wrote 9 posts from 3 pages into 'Collabs posts @ana'!A2 (0.6 credits). The API has more past page 3: run again with more pages (up to 50) to get them.",
    );
    expect(globals.worker.calls(POSTS_PATH)).toHaveLength(1);
  });

  it('refuses a cost above 1 credit that was not accepted, before any call', () => {
    globals.worker.on('post', POSTS_PATH, postsRoute(12));
    expect(() => startCollaborations(postsRequest(6), false)).toThrow(
      'This can cost up to 1.2 credits: confirm the estimate to start.',
    );
    expect(globals.worker.requests).toHaveLength(0);
    expect(globals.fakes.spreadsheet.getSheets()).toHaveLength(1);
  });

  it('refuses a window in the future or the wrong way round, in sentences, before any call', () => {
    expect(() => startCollaborations(postsRequest(1, { from: '2999-01-01' }), true)).toThrow(
      /^From must not be after today \(\d{4}-\d{2}-\d{2}\), got 2999-01-01\.$/,
    );
    expect(() =>
      startCollaborations(postsRequest(1, { from: '2024-05-02', to: '2024-05-01' }), true),
    ).toThrow('To must be on or after From (2024-05-02), got 2024-05-01.');
    expect(globals.worker.requests).toHaveLength(0);
  });

  it('sends the window and the brand as the API takes them', () => {
    globals.worker.on('post', POSTS_PATH, postsRoute(1));
    startCollaborations(
      postsRequest(1, { from: '2024-01-01', to: '2024-06-30', collaborator: 'https://www.Nike.com/' }),
      false,
    );
    expect(globals.worker.calls(POSTS_PATH)[0].body).toEqual({
      id: 'ana',
      platform: 'instagram',
      collaboratorId: 'nike.com',
      from: '2024-01-01',
      to: '2024-06-30',
      maxPages: 1,
    });
  });

  it('stops at a failed page with the rows before it written, and Continue retries that page', () => {
    let failAt: number | null = 7;
    globals.worker.on('post', POSTS_PATH, (request) => postsRoute(10, 3, failAt)(request));

    const first = startCollaborations(postsRequest(10), true);
    const failed = continueCollaborations(first.run);
    expect(failed).toMatchObject({ finished: false, incomplete: 'The API is unavailable (503).' });
    expect(failed.run).toMatchObject({ pagesDone: 7, rowsWritten: 21, cursor: 'p7' });
    expect(failed.message).toBe(
      "Stopped after 7 of 10 pages: The API is unavailable (503). 21 posts are in 'Collabs posts @ana'!A2 (1.4 credits); Continue retries from there within 2 days.",
    );

    failAt = null;
    const done = continueCollaborations(failed.run);
    expect(done).toMatchObject({ finished: true, incomplete: null });
    expect(globals.worker.calls(POSTS_PATH).map((call) => (call.body as { cursor?: string }).cursor)).toEqual(
      [undefined, 'p5', 'p7'],
    );
    expect(tab('Collabs posts @ana').getDataRange().getValues()).toHaveLength(31);
  });

  it('keeps writing into a renamed tab, and pays for nothing once the tab is deleted', () => {
    globals.worker.on('post', POSTS_PATH, postsRoute(15));
    const first = startCollaborations(postsRequest(15), true);
    tab('Collabs posts @ana').setName('Ana');
    const second = continueCollaborations(first.run);
    expect(second.destination).toBe('Ana!A2');
    expect(tab('Ana').getDataRange().getValues()).toHaveLength(31);

    globals.fakes.spreadsheet.deleteSheet(tab('Ana'));
    expect(() => continueCollaborations(second.run)).toThrow(
      'The tab "Ana" is gone, so the next rows have nowhere to go: run the request again to write a new tab.',
    );
    expect(globals.worker.calls(POSTS_PATH)).toHaveLength(2);
  });

  it('says so when the worker refuses, and writes no tab', () => {
    globals.worker.on(
      'post',
      POSTS_PATH,
      workerError(
        402,
        'budget_exceeded',
        'Your daily budget of 5 credits is spent: ask an admin to raise it.',
      ),
    );
    expect(() => startCollaborations(postsRequest(1), false)).toThrow(/daily budget of 5 credits is spent/);
    expect(globals.fakes.spreadsheet.getSheets()).toHaveLength(1);
  });

  it('notes when the id named a brand rather than an influencer', () => {
    globals.worker.on('post', POSTS_PATH, (request) => {
      const answer = postsRoute(1)(request) as { body: Record<string, unknown> };
      return { body: { ...answer.body, side: 'brand' } };
    });
    const progress = startCollaborations(postsRequest(1, { id: 'nike' }), false);
    expect(progress.side).toBe('brand');
    expect(progress.message).toMatch(
      /Note: "nike" is a brand, so these are the posts influencers made for it\.$/,
    );
  });
});

describe('summary', () => {
  it("groups an influencer's brands by domain in one call, partners then totals", () => {
    const rows: Row[] = [
      ['Nike', '1', 30, 300, null, 3, null],
      ['Adidas', '2', 10, 100, null, 1, null],
      ['Total', null, 40, 400, null, 4, null],
    ];
    globals.worker.on('post', SUMMARY_PATH, {
      body: { header: [], columns: COLLABORATION_SUMMARY_COLUMNS, rows, side: 'influencer', credits: 0.2 },
    });

    const progress = startCollaborations(
      {
        kind: 'summary',
        subject: 'influencer',
        platform: 'tiktok',
        id: 'ana',
        groupByDomain: true,
        from: '2024-01-01',
      },
      false,
    );

    expect(globals.worker.calls(SUMMARY_PATH).map((call) => call.body)).toEqual([
      { id: 'ana', platform: 'tiktok', from: '2024-01-01', groupBrandCollaborations: true },
    ]);
    expect(progress).toMatchObject({ finished: true, more: false, side: 'influencer' });
    expect(progress.message).toBe(
      "Wrote the totals of 2 brands and a total row into 'Collabs summary @ana'!A2 (0.2 credits).",
    );
    expect(tab('Collabs summary @ana').getDataRange().getValues()).toEqual([
      COLLABORATION_SUMMARY_COLUMNS.map((col) => col.label),
      ...rows.map((row) => row.map((cell) => cell ?? '')),
    ]);
    expect(() => continueCollaborations(progress.run)).toThrow(/nothing left to fetch/);
  });

  it("sends no grouping for a brand's summary", () => {
    globals.worker.on('post', SUMMARY_PATH, {
      body: {
        columns: COLLABORATION_SUMMARY_COLUMNS,
        rows: [['Total', null, 0, 0, 0, 0, 0]],
        side: 'brand',
        credits: 0.2,
      },
    });
    startCollaborations(
      { kind: 'summary', subject: 'brand', platform: 'youtube', id: 'https://nike.com', groupByDomain: true },
      false,
    );
    expect(globals.worker.calls(SUMMARY_PATH)[0].body).toEqual({ id: 'nike.com', platform: 'youtube' });
  });
});

describe('the older API', () => {
  const A: Column = { id: 'post_id', label: 'post_id', format: 'text' };
  const B: Column = { id: 'likes', label: 'likes', format: 'integer' };
  const C: Column = { id: 'brand.name', label: 'brand.name', format: 'text' };

  it('follows end_cursor and lines later answers up with the columns of the first', () => {
    globals.worker.on('post', OLDER_PATH, (request) => {
      const body = request.body as { after?: string };
      return body.after === undefined
        ? { body: { columns: [A, B], rows: [['x1', 5]], pages: 5, more: true, cursor: 'e5', credits: 5 } }
        : {
            body: {
              columns: [C, B, A],
              rows: [['Nike', 7, 'x2']],
              pages: 2,
              more: false,
              cursor: null,
              credits: 2,
            },
          };
    });

    const first = startCollaborations(
      {
        kind: 'older',
        subject: 'influencer',
        platform: 'youtube',
        id: '@ana',
        groupByDomain: true,
        pages: 7,
      },
      true,
    );
    const done = continueCollaborations(first.run);

    expect(globals.worker.calls(OLDER_PATH).map((call) => call.body)).toEqual([
      { kind: 'influencer', platform: 'youtube', id: 'ana', groupedBrands: true, maxPages: 5 },
      { kind: 'influencer', platform: 'youtube', id: 'ana', groupedBrands: true, after: 'e5', maxPages: 2 },
    ]);
    expect(tab('Collabs (older API) @ana').getDataRange().getValues()).toEqual([
      ['post_id', 'likes'],
      ['x1', 5],
      ['x2', 7],
    ]);
    expect(done).toMatchObject({ finished: true, side: null });
    expect(done.message).toBe(
      "Wrote 2 collaborations from 7 pages into 'Collabs (older API) @ana'!A2 (7 credits).",
    );
  });

  it('refuses the brand variant on YouTube before any call', () => {
    expect(() =>
      startCollaborations(
        {
          kind: 'older',
          subject: 'brand',
          platform: 'youtube',
          id: 'nike.com',
          groupByDomain: false,
          pages: 1,
        },
        true,
      ),
    ).toThrow(/brand collaborations on Instagram and TikTok only/);
    expect(globals.worker.requests).toHaveLength(0);
  });

  it('writes a tab that says nothing was found when the API has no collaborations', () => {
    globals.worker.on('post', OLDER_PATH, {
      body: { columns: [], rows: [], pages: 1, more: false, cursor: null, credits: 1 },
    });
    const progress = startCollaborations(
      { kind: 'older', subject: 'brand', platform: 'tiktok', id: 'nike.com', groupByDomain: false, pages: 1 },
      false,
    );
    expect(progress.message).toBe(
      'Found no collaborations for nike.com: the tab "Collabs (older API) nike.com" holds the header only (1 credit).',
    );
    expect(tab('Collabs (older API) nike.com').getDataRange().getValues()).toEqual([['Collaborations']]);
  });
});
