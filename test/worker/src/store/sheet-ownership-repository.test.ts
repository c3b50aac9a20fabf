import type { OwnedExtent } from '../../../../worker/src/store/sheet-ownership-repository';
import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { hourlyReportsRequest, ManualClock } from './store-fixtures';

/**
 * What the worker wrote into sheets itself (issue 22, owned output): the rectangle a schedule's
 * last run wrote, kept only while the schedule exists, and the tabs the worker added per document.
 */

const DOC = '1TeamSheet00000000000000000000000000000000000';
const OTHER_DOC = '1OtherSheet0000000000000000000000000000000000';
const extent: OwnedExtent = { sheetId: 1_234_567_890, row: 1, column: 2, rows: 41, columns: 7 };

describeEachEngine('sheet ownership repository', (engine) => {
  let clock: ManualClock;
  let store: Store;

  beforeEach(async () => {
    clock = new ManualClock();
    store = await engine.open({ clock });
  });

  const newSchedule = async () =>
    (await store.schedules.create(DOC, hourlyReportsRequest(), 'ana@team.com', clock.now())).id;

  it('keeps the extent a schedule last wrote, the latest replacing the earlier, and forgets it on null', async () => {
    const id = await newSchedule();
    expect(await store.sheetOwnership.extentOf(id)).toBeNull();

    await store.sheetOwnership.setExtent(id, extent);
    expect(await store.sheetOwnership.extentOf(id)).toEqual(extent);
    const grown = { ...extent, rows: 60 };
    await store.sheetOwnership.setExtent(id, grown);
    expect(await store.sheetOwnership.extentOf(id)).toEqual(grown);

    await store.sheetOwnership.setExtent(id, null);
    expect(await store.sheetOwnership.extentOf(id)).toBeNull();
    expect(await engine.rows('SELECT schedule_id FROM schedule_outputs')).toEqual([]);
  });

  it('keeps no extent for a schedule that is unknown or was deleted meanwhile', async () => {
    await store.sheetOwnership.setExtent('sch_never_existed', extent);
    const id = await newSchedule();
    await store.schedules.delete(id);
    await store.sheetOwnership.setExtent(id, extent);

    expect(await store.sheetOwnership.extentOf('sch_never_existed')).toBeNull();
    expect(await store.sheetOwnership.extentOf(id)).toBeNull();
    expect(await engine.rows('SELECT schedule_id FROM schedule_outputs')).toEqual([]);
  });

  it('removes a schedule’s extent with the schedule, leaving the others’', async () => {
    const [gone, stays] = [await newSchedule(), await newSchedule()];
    await store.sheetOwnership.setExtent(gone, extent);
    await store.sheetOwnership.setExtent(stays, { ...extent, column: 12 });
    await store.schedules.delete(gone);

    expect(await store.sheetOwnership.extentOf(gone)).toBeNull();
    expect(await store.sheetOwnership.extentOf(stays)).toEqual({ ...extent, column: 12 });
    expect(await engine.rows('SELECT schedule_id FROM schedule_outputs')).toEqual([{ schedule_id: stays }]);
  });

  it('keeps the tabs the worker added per document, each once', async () => {
    await store.sheetOwnership.addTab(DOC, 5, 'history');
    await store.sheetOwnership.addTab(DOC, 2_000_000_001, 'report');
    await store.sheetOwnership.addTab(DOC, 5, 'history');
    await store.sheetOwnership.addTab(OTHER_DOC, 9, 'history');

    expect(await store.sheetOwnership.tabsOf(DOC)).toEqual(new Set([5, 2_000_000_001]));
    expect(await store.sheetOwnership.tabsOf(OTHER_DOC)).toEqual(new Set([9]));
    expect(await store.sheetOwnership.tabsOf('1NoTabsHere00000000000000000000000000000000')).toEqual(
      new Set(),
    );
    expect(await engine.rows(`SELECT sheet_id FROM owned_tabs WHERE document_id = '${DOC}'`)).toHaveLength(2);
  });
});
