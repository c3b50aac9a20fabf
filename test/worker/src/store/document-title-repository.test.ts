import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { ManualClock } from './store-fixtures';

describeEachEngine('document title repository', (engine) => {
  let store: Store;

  beforeEach(async () => {
    store = await engine.open({ clock: new ManualClock(Date.UTC(2026, 10, 25, 9, 0)) });
  });

  it('keeps the newest title each document’s sidebar said, cut to 200 characters, and answers only the known', async () => {
    const titles = store.documentTitles;
    await titles.set('doc_a_123456789', 'Q3 creators');
    await titles.set('doc_a_123456789', 'Q4 creators');
    await titles.set('doc_b_123456789', 'x'.repeat(250));

    const known = await titles.titlesOf([
      'doc_a_123456789',
      'doc_b_123456789',
      'doc_c_123456789',
      'doc_a_123456789',
    ]);

    expect([...known.entries()].sort()).toEqual([
      ['doc_a_123456789', 'Q4 creators'],
      ['doc_b_123456789', 'x'.repeat(200)],
    ]);
    expect((await titles.titlesOf([])).size).toBe(0);
  });
});
