import { CHANGES_KEPT } from '../../../../worker/src/store/rows/document-change-rows';
import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { ManualClock } from './store-fixtures';

/**
 * The changes made to a document through the worker (issue 22), as every editor sees them in
 * Settings: newest first, the newest CHANGES_KEPT per document, one document's never crowding out
 * another's.
 */

const DOC = '1TeamSheet00000000000000000000000000000000000';
const OTHER_DOC = '1OtherSheet0000000000000000000000000000000000';

describeEachEngine('document change repository', (engine) => {
  let clock: ManualClock;
  let store: Store;

  beforeEach(async () => {
    clock = new ManualClock();
    store = await engine.open({ clock });
  });

  it('lists a document’s changes newest first, with who and when, up to the limit asked', async () => {
    const first = clock.now();
    await store.documentChanges.record(
      DOC,
      'Ana@Team.com',
      'connected',
      'ana@team.com connected the formulas.',
    );
    clock.advance(60_000);
    await store.documentChanges.record(
      DOC,
      'bob@team.com',
      'allowance',
      'bob@team.com set 50 credits a day.',
    );
    // The same millisecond: still in the order they were made.
    await store.documentChanges.record(
      DOC,
      'bob@team.com',
      'schedule-created',
      'bob@team.com set up "Daily".',
    );
    await store.documentChanges.record(OTHER_DOC, 'cy@team.com', 'connected', 'cy@team.com connected.');

    expect(await store.documentChanges.recent(DOC, 10)).toEqual([
      {
        at: first + 60_000,
        by: 'bob@team.com',
        kind: 'schedule-created',
        summary: 'bob@team.com set up "Daily".',
      },
      {
        at: first + 60_000,
        by: 'bob@team.com',
        kind: 'allowance',
        summary: 'bob@team.com set 50 credits a day.',
      },
      { at: first, by: 'ana@team.com', kind: 'connected', summary: 'ana@team.com connected the formulas.' },
    ]);
    expect((await store.documentChanges.recent(DOC, 2)).map((change) => change.kind)).toEqual([
      'schedule-created',
      'allowance',
    ]);
    expect(await store.documentChanges.recent('1NeverChanged000000000000000000000000000000', 10)).toEqual([]);
  });

  it('keeps the newest CHANGES_KEPT of a document, leaving other documents’ changes alone', async () => {
    await store.documentChanges.record(OTHER_DOC, 'cy@team.com', 'connected', 'the other document’s change');
    for (let i = 0; i < CHANGES_KEPT + 5; i += 1) {
      await store.documentChanges.record(DOC, 'ana@team.com', 'approval', `change ${i}`);
    }

    const kept = await store.documentChanges.recent(DOC, CHANGES_KEPT + 100);
    expect(kept).toHaveLength(CHANGES_KEPT);
    expect(kept[0].summary).toBe(`change ${CHANGES_KEPT + 4}`);
    expect(kept[CHANGES_KEPT - 1].summary).toBe('change 5');
    expect(await engine.rows(`SELECT id FROM document_changes WHERE document_id = '${DOC}'`)).toHaveLength(
      CHANGES_KEPT,
    );
    expect((await store.documentChanges.recent(OTHER_DOC, 10)).map((change) => change.summary)).toEqual([
      'the other document’s change',
    ]);
  });
});
