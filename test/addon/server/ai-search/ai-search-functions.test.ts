import {
  listAiSearchLists,
  lookupAiFilterOptions,
  readAiImageCell,
  startAiSearch,
} from '../../../../addon/server/ai-search/ai-search-functions';
import { pollJobRows } from '../../../../addon/server/jobs/jobs';
import type { AiSearchRequest } from '../../../../addon/bridge-contract/ai-search-api';
import {
  fakeDriveApp,
  type FakeDriveApp,
} from '../../../../worker/playground/apps-script/services/drive-app';
import { JobService } from '../jobs/job-service';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

let env: ServerGlobals;
let jobs: JobService;
let drive: FakeDriveApp;

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('pixels'),
]);

function request(overrides: Partial<AiSearchRequest> = {}): AiSearchRequest {
  return {
    mode: 'text',
    platform: 'instagram',
    query: 'vegan breakfast bowls',
    filters: { followersCount: { min: 10000, max: 50000 }, bio: ['chef'] },
    pageSize: 15,
    pages: 2,
    title: 'Vegan creators',
    ...overrides,
  };
}

/** The inputs of the jobs the worker was asked to start. */
function postedInputs(): Record<string, unknown>[] {
  return env.worker.calls('api/jobs').map((call) => (call.body as { input: Record<string, unknown> }).input);
}

beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Moodboard'] } });
  env.connect();
  jobs = new JobService(env.worker);
  drive = fakeDriveApp(env.fakes.globals);
});
afterEach(() => env.restore());

describe('startAiSearch', () => {
  it('starts an ai-search-pages job with the API body and writes its rows into a new tab', () => {
    const view = startAiSearch(request(), false);

    const [post] = env.worker.calls('api/jobs');
    expect(post.body).toMatchObject({ kind: 'ai-search-pages' });
    expect(postedInputs()).toEqual([
      {
        mode: 'text',
        platform: 'instagram',
        query: 'vegan breakfast bowls',
        filters: { followersCount: { min: 10000, max: 50000 }, bio: ['chef'] },
        pageSize: 15,
        pages: 2,
      },
    ]);
    expect(view).toMatchObject({ kind: 'ai-search-pages', status: 'done', rowsWritten: 30 });
    expect(view.destination).toBe("'Vegan creators'!A2");
    const tab = env.fakes.spreadsheet.getSheetByName('Vegan creators');
    expect(tab?.getRange('A1').getValue()).toBe('E-mail');
    expect(tab?.getFrozenRows()).toBe(1);
  });

  it('says which page a running search is on, at the API pace', () => {
    jobs.finishOnCreate = false;
    const view = startAiSearch(request({ pages: 4 }), true);
    expect(view.message).toBe('Queued: the worker starts it shortly.');
    jobs.finish(view.id, 0, 20);
    // What the sidebar's pollJob does.
    const polled = pollJobRows(view.id);
    expect(polled.message).toBe(
      'Running: page 2 of 4 (the API allows one AI search a second); 20 of 60 rows ready, 20 written, 0.2 credits spent.',
    );
  });

  it('asks for confirmation above 1 credit, and checks the size before anything is sent', () => {
    // 3 pages of 20 profiles at 0.025 credits: 1.5 credits.
    expect(() => startAiSearch(request({ pageSize: 20, pages: 3 }), false)).toThrow(
      'This can cost up to 1.5 credits: confirm the estimate to start.',
    );
    expect(() => startAiSearch(request({ pageSize: 100, pages: 16 }), true)).toThrow(
      'Pages must be a whole number from 1 to 15 with 100 per page (AI search goes 1,500 results deep), got 16.',
    );
    expect(() => startAiSearch(request({ query: '   ' }), true)).toThrow(
      'Describe what the posts should show, e.g. "vegan breakfast bowls".',
    );
    expect(env.worker.calls('api/jobs')).toHaveLength(0);
  });

  it('sends an uploaded image as base64 and a linked one for the worker to fetch', () => {
    const base64Image = PNG.toString('base64');
    startAiSearch(
      request({
        mode: 'image',
        query: undefined,
        image: { kind: 'upload', imageType: 'image/png', base64Image, name: 'cat.png' },
      }),
      true,
    );
    startAiSearch(
      request({
        mode: 'image',
        query: undefined,
        image: { kind: 'url', url: ' https://cdn.example/cat.png ' },
      }),
      true,
    );
    expect(
      postedInputs().map(({ imageType, base64Image: bytes, imageUrl, query }) => ({
        imageType,
        bytes,
        imageUrl,
        query,
      })),
    ).toEqual([
      { imageType: 'image/png', bytes: base64Image, imageUrl: undefined, query: undefined },
      { imageType: undefined, bytes: undefined, imageUrl: 'https://cdn.example/cat.png', query: undefined },
    ]);
    expect(() =>
      startAiSearch(
        request({
          mode: 'image',
          image: {
            kind: 'upload',
            imageType: 'image/png',
            base64Image: 'A'.repeat(5 * 1024 * 1024 + 4),
            name: 'huge.png',
          },
        }),
        true,
      ),
    ).toThrow('"huge.png" is larger than AI search takes (5 MB as base64): pick a smaller image.');
  });

  it('sends 1 to 5 lookalike sources as userIds', () => {
    startAiSearch(
      request({ mode: 'lookalikes', sources: ['fitwithana', ' 123456 '], platform: 'tiktok' }),
      true,
    );
    expect(postedInputs()[0]).toMatchObject({
      mode: 'lookalikes',
      platform: 'tiktok',
      userIds: ['fitwithana', '123456'],
    });
    expect(() =>
      startAiSearch(request({ mode: 'lookalikes', sources: ['a', 'b', 'c', 'd', 'e', 'f'] }), true),
    ).toThrow('Lookalikes start from 1 to 5 creators, got 6.');
  });
});

describe('readAiImageCell', () => {
  function select(a1: string, value: string, formula = false): void {
    const sheet = env.fakes.spreadsheet.requireSheet('Moodboard');
    if (formula) sheet.getRange(a1).setFormula(value);
    else sheet.getRange(a1).setValue(value);
    env.fakes.spreadsheetApp.select(`Moodboard!${a1}`);
  }

  it('finds an image link, also inside =IMAGE(...), for the worker to fetch', () => {
    select('B2', 'https://cdn.example/cat.png');
    expect(readAiImageCell()).toEqual({
      cell: 'Moodboard!B2',
      source: { kind: 'url', url: 'https://cdn.example/cat.png' },
      summary:
        'Image link in Moodboard!B2: the worker fetches it when the search starts (JPEG, PNG or WebP, up to 3.75 MB).',
    });
    select('C3', '=IMAGE("https://cdn.example/dog.webp", 1)', true);
    expect(readAiImageCell().source).toEqual({ kind: 'url', url: 'https://cdn.example/dog.webp' });
  });

  it('refuses a Drive file by link or id with what to do instead: the add-on asks for no Drive scope', () => {
    const id = drive.addFile({ name: 'cat.png', mimeType: 'image/png', content: PNG, owner: 'ana@team.com' });
    for (const text of [`https://drive.google.com/file/d/${id}/view?usp=sharing`, id]) {
      select('B2', text);
      expect(() => readAiImageCell()).toThrow(
        'Moodboard!B2 names a Drive file, which the add-on does not read (it asks for no Drive access): download it and choose Upload, or share a public image link: select a cell with an image link (https://...), or upload the image.',
      );
    }
  });

  it('says what to select when the cell holds no image', () => {
    select('D4', 'just some notes');
    expect(() => readAiImageCell()).toThrow(
      'Moodboard!D4 holds "just some notes", which is not an image link: select a cell with an image link (https://...), or upload the image.',
    );
  });
});

describe('AI filter options', () => {
  it('offers hashtags of the platform with their post counts, from the cache when asked again', () => {
    env.worker.on('get', 'api/ai/hashtags', {
      body: {
        rows: [
          ['veganfood', 120000],
          ['vegan', 98000],
        ],
        header: [],
        columns: [],
      },
    });
    const first = lookupAiFilterOptions('tiktok', 'hashtags', '#vega');
    const again = lookupAiFilterOptions('tiktok', 'hashtags', 'vega');
    expect(first).toEqual([
      { id: 'veganfood', label: '#veganfood (120,000 posts)' },
      { id: 'vegan', label: '#vegan (98,000 posts)' },
    ]);
    expect(again).toEqual(first);
    const calls = env.worker.calls('api/ai/hashtags');
    expect(calls).toHaveLength(1);
    expect(calls[0].query).toMatchObject({ platform: 'tiktok', q: 'vega', limit: '20' });
  });

  it('refuses mentions on YouTube without asking the worker, and offers brand names', () => {
    expect(() => lookupAiFilterOptions('youtube', 'mentions', 'nike')).toThrow(
      'YouTube has no mentions dictionary',
    );
    env.worker.on('get', 'api/ai/brands', { body: { rows: [['Nike'], ['Nikon']] } });
    expect(lookupAiFilterOptions('youtube', 'brands', 'nik')).toEqual([
      { id: 'Nike', label: 'Nike' },
      { id: 'Nikon', label: 'Nikon' },
    ]);
    expect(env.worker.calls('api/ai/brands')[0].query.platform).toBeUndefined();
    expect(env.worker.calls('api/ai/mentions')).toHaveLength(0);
  });

  it('lists the AI lists of the search platform only', () => {
    env.worker.on('get', 'api/ai/lists', {
      body: {
        lists: [
          { id: 'l1', name: 'Past partners', platform: 'instagram', approximateMemberCount: 1200 },
          { id: 'l2', name: 'TikTok shortlist', platform: 'tiktok' },
          { id: 'l3', name: 'Blocked', platform: 'instagram' },
        ],
      },
    });
    expect(listAiSearchLists('instagram')).toEqual([
      { id: 'l1', label: 'Past partners (about 1,200)' },
      { id: 'l3', label: 'Blocked' },
    ]);
  });
});
