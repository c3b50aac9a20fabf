import type {
  ListChange,
  ListDetail,
  ListsOverview,
  ListSummary,
  ListTab,
  MemberCheck,
} from '../../addon/bridge-contract/lists-api';
import type { JobView, SearchForm } from '../../addon/bridge-contract/sidebar-api';
import type { AppsScriptFakes } from '../../worker/playground/apps-script/create-fakes';
import { upstreamCalls, useBundleWorld } from './bundle-world';

/**
 * The Lists section's server functions from the built Code.js, through google.script.run's rules,
 * against the real worker and sandbox: a list filled from the Handle column of a search results
 * tab (the add-on reads the User id column of the same rows, since lists take user ids), opened
 * with its exact count and written into a tab, one member removed, a bad column refused, deleted.
 */

const FINAL = ['done', 'failed', 'cancelled'];
const SLOW_TEST_MS = 90_000;

const world = useBundleWorld();

const realDelay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A free search (Instagram, empty filter) of two pages into its own tab, as the Search section runs it. */
async function searchTab(fakes: AppsScriptFakes, title: string): Promise<string[][]> {
  const form: SearchForm = {
    platform: 'instagram',
    title,
    influencer: {},
    audience: {},
    sort: { field: 'followers', direction: 'desc' },
    pages: 2,
  };
  let view = fakes.runtime.callFromClient('startSearch', [form, true]) as JobView;
  for (let polls = 0; !(FINAL.includes(view.status) && view.rowsWritten >= view.total); polls++) {
    if (polls > 100) throw new Error(`the search did not finish: ${JSON.stringify(view)}`);
    await realDelay(100);
    view = fakes.runtime.callFromClient('pollJob', [view.id]) as JobView;
  }
  expect(view.status).toBe('done');
  return fakes.spreadsheet
    .requireSheet(title)
    .getDataRange()
    .getValues()
    .map((row) => row.map((cell) => String(cell)));
}

function letter(column: number): string {
  return String.fromCharCode(64 + column);
}

describe('AI lists from the built bundle', () => {
  it(
    'creates a list, adds a search tab’s creators, opens it, removes one, refuses a bad column, deletes it',
    async () => {
      const fakes = world.load();
      const call = <T>(name: string, ...args: unknown[]): T => fakes.runtime.callFromClient(name, args) as T;

      const table = await searchTab(fakes, 'Big accounts');
      const header = table[0];
      const handleColumn = header.indexOf('Handle') + 1;
      const idColumn = header.indexOf('User id') + 1;
      expect(handleColumn).toBeGreaterThan(0);
      expect(idColumn).toBeGreaterThan(0);
      const rows = table.slice(1);
      const ids = [...new Set(rows.map((row) => row[idColumn - 1]))];
      expect(ids.length).toBeGreaterThanOrEqual(15);
      await world.resetStats();

      const list = call<ListSummary>('createAiList', 'instagram', '  Big accounts  ');
      expect(list).toMatchObject({ name: 'Big accounts', platform: 'instagram', approximateMembers: 0 });

      // The user selects the Handle column of the results: lists take user ids, so the add-on
      // reads the User id column of the same rows.
      fakes.spreadsheetApp.select(
        `'Big accounts'!${letter(handleColumn)}2:${letter(handleColumn)}${rows.length + 1}`,
      );
      const check = call<MemberCheck>('checkAiListMembers', list.id, { kind: 'selection' });
      expect(check).toMatchObject({ ids: ids.length, invalid: 0 });
      expect(check.note).toContain('("User id") of the selected rows is read');
      const added = call<ListChange>('addAiListMembers', list.id, {
        kind: 'cells',
        source: { kind: 'selection' },
        skipInvalid: false,
      });
      expect(added).toMatchObject({
        sent: ids.length,
        changed: ids.length,
        unchanged: 0,
        members: ids.length,
      });

      // Opened: the exact count and the members in the order they were added.
      const opened = call<ListDetail>('openAiList', list.id);
      expect(opened.members).toBe(ids.length);
      expect(opened.shown).toEqual(ids);

      // Into a new tab: one row per member, ids as text.
      const tab = call<ListTab>('writeAiListToTab', list.id);
      expect(tab).toMatchObject({ members: ids.length, sheetName: 'List Big accounts' });
      const written = fakes.spreadsheet.requireSheet('List Big accounts').getDataRange().getValues();
      expect(written).toEqual([['User id'], ...ids.map((id) => [id])]);

      // One member removed from the sidebar's list of members.
      const removed = call<ListChange>('removeAiListMembers', list.id, { kind: 'ids', ids: [ids[0]] });
      expect(removed).toMatchObject({ changed: 1, members: ids.length - 1 });
      const after = call<ListDetail>('openAiList', list.id);
      expect(after.members).toBe(ids.length - 1);
      expect(after.shown).not.toContain(ids[0]);

      // A column with a handle among the ids is refused, naming the cell; nothing is sent.
      const leads = fakes.spreadsheet.insertSheet('Leads');
      leads.getRange('A1:A4').setValues([['User id'], [ids[0]], ['@somebody'], [ids[1]]]);
      fakes.spreadsheetApp.select('Leads!A1:A4');
      expect(() =>
        call('addAiListMembers', list.id, {
          kind: 'cells',
          source: { kind: 'selection' },
          skipInvalid: false,
        }),
      ).toThrow(
        '1 cell of Leads!A2:A4 is not an Instagram user id: A3 "@somebody" is a handle, not a user id',
      );
      expect(call<ListDetail>('openAiList', list.id).members).toBe(ids.length - 1);

      // Deleted: gone from the lists, and opening it says so.
      expect(call<{ listId: string }>('deleteAiList', list.id)).toEqual({ listId: list.id });
      expect(call<ListsOverview>('getListsOverview').lists.map((item) => item.id)).not.toContain(list.id);
      expect(() => call('openAiList', list.id)).toThrow(`AI list "${list.id}" does not exist`);

      // What reached the API: one call per change (the worker batches 10,000 ids a call), no credits.
      const stats = await world.stats();
      expect(upstreamCalls(stats, 'aiListCreate')).toBe(1);
      expect(upstreamCalls(stats, 'aiListMembersAdd')).toBe(1);
      expect(upstreamCalls(stats, 'aiListMembersRemove')).toBe(1);
      expect(upstreamCalls(stats, 'aiListDelete')).toBe(1);
      expect(stats.credits).toBe(0);
    },
    SLOW_TEST_MS,
  );
});
