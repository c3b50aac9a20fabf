import { writeDictionary } from '../../../../addon/server/dictionaries/dictionaries-functions';
import type { DictionaryBrowse } from '../../../../addon/bridge-contract/dictionaries-api';
import type { DictionaryItems, DictionaryKind } from '../../../../shared/rows/dictionary-rows';
import { dictionaryAnswer } from '../../../../worker/src/operations/dictionaries/dictionaries';
import type { RecordedRequest } from '../scripted-worker';
import { installServerGlobals, type ServerGlobals } from '../server-globals';

/**
 * Issue 15 for dictionaries: "Write all" into a tab of the user's naming, replaced or added to
 * below its table, with every refusal before the worker is asked.
 */

let env: ServerGlobals;
beforeEach(() => {
  env = installServerGlobals({ spreadsheet: { sheets: ['Sheet1'] } });
  env.connect();
  env.worker.on('get', 'api/dictionaries/instagram/locations', answerWith('locations', LOCATIONS));
  env.worker.on('get', 'api/dictionaries/instagram/topics', answerWith('tags', ['travel', 'food']));
});
afterEach(() => env.restore());

const LOCATIONS = [
  { id: 1, name: 'Paris', title: 'Paris, France' },
  { id: 2, name: 'Lyon', title: 'Lyon, France' },
];

/** The worker's answer for `items`, as its own dictionaryAnswer builds it. */
function answerWith<K extends DictionaryKind>(
  kind: K,
  items: DictionaryItems[K][],
): (request: RecordedRequest) => { body: unknown } {
  return (request) => {
    const stored = { items: items.slice(0, Number(request.query.limit)), total: items.length };
    return { body: dictionaryAnswer(kind, stored, false, false) };
  };
}

function locations(tab?: DictionaryBrowse['tab']): DictionaryBrowse {
  return { dictionary: 'locations', platform: 'instagram', query: '', tab };
}

function tabNames(): string[] {
  return env.fakes.spreadsheet.getSheets().map((sheet) => sheet.getName());
}

function values(tab: string): unknown[][] {
  return env.fakes.spreadsheet.requireSheet(tab).getDataRange().getValues();
}

describe('dictionary matches into a named tab', () => {
  it('replaces the tab on a second write: one tab, only the new matches', () => {
    env.fakes.spreadsheet
      .insertSheet('Filters')
      .getRange('A1:A4')
      .setValues([['old'], ['1'], ['2'], ['3']]);
    const written = writeDictionary(locations({ name: 'Filters', mode: 'replace' }));

    expect(tabNames()).toEqual(['Sheet1', 'Filters']);
    expect(values('Filters')).toEqual([
      ['Id', 'Name', 'Full name'],
      [1, 'Paris', 'Paris, France'],
      [2, 'Lyon', 'Lyon, France'],
    ]);
    expect(written).toMatchObject({ sheetName: 'Filters', destination: 'Filters!A2', rows: 2 });
  });

  it('adds below the table without a second header', () => {
    writeDictionary(locations({ name: 'Filters', mode: 'replace' }));
    const added = writeDictionary(locations({ name: 'filters', mode: 'append' }));

    expect(tabNames()).toEqual(['Sheet1', 'Filters']);
    expect(values('Filters').map((row) => row[0])).toEqual(['Id', 1, 2, 1, 2]);
    expect(added.message).toBe('Wrote 2 locations to Filters!A4, for free.');
  });

  it('asks the worker for nothing when the tab holds another dictionary', () => {
    writeDictionary({
      dictionary: 'topics',
      platform: 'instagram',
      query: '',
      tab: { name: 'Filters', mode: 'new' },
    });
    expect(() => writeDictionary(locations({ name: 'Filters', mode: 'append' }))).toThrow(
      'The tab "Filters" holds another table: its column A is "Tag" in row 1, where this list of locations writes "Id". ' +
        'Nothing was started: choose "replace", another tab, or a new tab.',
    );
    expect(env.worker.calls('api/dictionaries/instagram/locations')).toEqual([]);
  });

  it('keeps a new tab named after the search when no tab is given, as before', () => {
    writeDictionary(locations());
    writeDictionary(locations({ name: ' ', mode: 'new' }));
    expect(tabNames()).toEqual(['Sheet1', 'Locations (instagram)', 'Locations (instagram) (2)']);
  });
});
