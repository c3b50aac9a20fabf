import type { DictionaryPreview, DictionaryWritten } from '../../addon/bridge-contract/dictionaries-api';
import type { HealthDetails } from '../../addon/bridge-contract/health-api';
import type {
  OverlapCheck,
  OverlapEstimate,
  OverlapOutcome,
  OverlapRun,
} from '../../addon/bridge-contract/overlap-api';
import { OVERLAP_COLUMNS } from '../../shared/rows/overlap-rows';
import { upstreamCalls, useBundleWorld } from './bundle-world';

/**
 * The Overlap, Dictionaries and Health sections' server functions as the sidebar calls them
 * (google.script.run's rules), from the built Code.js, against the real worker and sandbox: what
 * reaches the API and what lands in the sheet.
 */

const world = useBundleWorld();

describe('audience overlap from the built bundle', () => {
  it('compares a selected column in one paid call, writes the table with totals, and answers again for free', async () => {
    const fakes = world.load({ spreadsheet: { sheets: ['Creators'] } });
    const handles = world.handles.instagram.slice(0, 4);
    const sheet = fakes.spreadsheet.requireSheet('Creators');
    sheet
      .getRange('A1:A6')
      .setValues([
        ['Handle'],
        ...handles.map((handle) => [`@${handle}`]),
        [`https://www.instagram.com/${handles[0]}/`],
      ]);
    fakes.spreadsheetApp.select('Creators!A:A');
    await world.resetStats();

    const check: OverlapCheck = { platform: 'instagram', creators: { kind: 'selection' } };
    const estimate = fakes.runtime.callFromClient('estimateOverlap', [check]) as OverlapEstimate;
    expect(estimate).toMatchObject({
      source: 'Creators!A2:A6',
      creators: 4,
      repeats: 1,
      problem: null,
      maxCredits: 1,
    });
    // Counting is the add-on's: nothing reached the worker, let alone the API.
    expect(fakes.urlFetchApp.requests).toHaveLength(0);

    const run: OverlapRun = {
      ...check,
      tabName: '',
      refresh: false,
      confirmedCost: false,
      expectedSource: estimate.source,
    };
    const outcome = fakes.runtime.callFromClient('runOverlap', [run]) as OverlapOutcome;
    expect(outcome).toMatchObject({ sheetName: 'Overlap (instagram)', fromCache: false, credits: 1 });
    const values = fakes.spreadsheet.requireSheet('Overlap (instagram)').getDataRange().getValues();
    expect(values[0]).toEqual(OVERLAP_COLUMNS.map((col) => col.label));
    expect(values).toHaveLength(6);
    const creators = values.slice(1, 5);
    expect(creators.map((row) => row[0]).sort()).toEqual([...handles].sort());
    for (const [, , followers, uniqueFollowers, unique, overlapping] of creators) {
      expect(Number(unique) + Number(overlapping)).toBeCloseTo(1, 6);
      expect(uniqueFollowers).toBe(Math.round(Number(followers) * Number(unique)));
    }
    const [label, , total, distinct, uniqueShare] = values[5];
    expect(label).toBe('Total');
    expect(total).toBe(creators.reduce((sum, row) => sum + Number(row[2]), 0));
    expect(Number(distinct)).toBeLessThanOrEqual(Number(total));
    expect(uniqueShare).toBeCloseTo(Number(distinct) / Number(total), 6);
    expect(outcome.totals).toEqual({
      followers: total,
      uniqueFollowers: distinct,
      uniqueShare: expect.any(Number),
    });

    let stats = await world.stats();
    expect(upstreamCalls(stats, 'audienceOverlap')).toBe(1);
    expect(stats.credits).toBe(1);

    // The same set again, typed in another order: the worker's cache answers, nothing is paid.
    const again = fakes.runtime.callFromClient('runOverlap', [
      { ...run, creators: { kind: 'typed', text: [...handles].reverse().join('\n') }, expectedSource: null },
    ]) as OverlapOutcome;
    expect(again).toMatchObject({ sheetName: 'Overlap (instagram) (2)', fromCache: true, credits: 0 });
    stats = await world.stats();
    expect(upstreamCalls(stats, 'audienceOverlap')).toBe(1);
    expect(stats.credits).toBe(1);
  });
});

describe('dictionaries from the built bundle', () => {
  it('previews the first matches and writes the whole dictionary into a tab, for free', async () => {
    const fakes = world.load();
    await world.resetStats();
    const browse = { dictionary: 'locations', platform: 'tiktok', query: '' };

    const preview = fakes.runtime.callFromClient('previewDictionary', [browse]) as DictionaryPreview;
    expect(preview.header).toEqual(['Id', 'Full name']);
    expect(preview.rows).toHaveLength(10);
    expect(preview.total).toBeGreaterThan(10);
    // A repeated keystroke is answered by the add-on's cache.
    expect(fakes.runtime.callFromClient('previewDictionary', [browse])).toEqual(preview);
    expect(fakes.urlFetchApp.requests).toHaveLength(1);

    const written = fakes.runtime.callFromClient('writeDictionary', [browse]) as DictionaryWritten;
    expect(written).toMatchObject({
      sheetName: 'Locations (tiktok)',
      rows: preview.total,
      truncated: false,
      leftOut: 0,
    });
    const values = fakes.spreadsheet.requireSheet('Locations (tiktok)').getDataRange().getValues();
    expect(values[0]).toEqual(['Id', 'Name', 'Full name']);
    expect(values).toHaveLength(Number(preview.total) + 1);
    expect(values.slice(1, 11).map((row) => [String(row[0]), row[2]])).toEqual(preview.rows);
    expect(values.slice(1).every((row) => typeof row[0] === 'number')).toBe(true);

    const stats = await world.stats();
    expect(upstreamCalls(stats, 'dictionaryLocations')).toBe(2);
    expect(stats.credits).toBe(0);

    // A search narrows it, through the AI dictionaries too.
    const hashtags = fakes.runtime.callFromClient('previewDictionary', [
      { dictionary: 'ai_hashtags', platform: 'instagram', query: '#a' },
    ]) as DictionaryPreview;
    expect(hashtags.header).toEqual(['Hashtag', 'Posts']);
    expect(hashtags.rows.every(([tag]) => tag.startsWith('a'))).toBe(true);
  });
});

describe('health from the built bundle', () => {
  it("reads the API's status per group and the worker's own, as the real worker answers", () => {
    const fakes = world.load();
    const details = fakes.runtime.callFromClient('getHealthDetails') as HealthDetails;
    expect(details.view.api.reachable).toBe(true);
    // The sandbox answers health as the vendor shows it, `{ "status": "ok" }`: no groups to list.
    expect(details.view.api).toMatchObject({ status: 'Healthy', groups: [] });
    expect(details.view.worker).toMatchObject({ mode: 'sandbox', status: 'ok' });
    expect(details.apiError).toBeNull();
    expect(details.worker).toMatchObject({ storeReachable: true, startedAt: expect.any(String) });
    expect(details.worker.upstream).toMatchObject({ windowMinutes: 5 });
    // The dev key is an admin's: the worker adds how the API's answers drifted from the contract.
    expect(details.contract).toMatchObject({
      drifting: expect.any(Array),
      answersRead: expect.any(Number),
      unreadableAnswers: expect.any(Array),
    });
  });
});
