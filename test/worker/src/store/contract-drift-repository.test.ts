import { createDriftSums, summarizeDriftSums } from '../../../../worker/src/store/rows/contract-drift-sums';
import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { ManualClock } from './store-fixtures';

/** Contract drift counts: summed in memory on the answer's path, written in one transaction. */

describeEachEngine('contract drift', (engine) => {
  let clock: ManualClock;
  let store: Store;
  beforeEach(async () => {
    clock = new ManualClock();
    store = await engine.open({ clock });
  });

  it('counts answers per operation and each finding once per answer, most frequent first', async () => {
    const missing = { kind: 'missing' as const, path: 'profile.accountType' };
    const unknown = { kind: 'unknown_value' as const, path: 'profile.gender', value: 'NON_BINARY' };
    store.drift.record('report', [missing, unknown], false);
    clock.advance(1000);
    store.drift.record('report', [missing], false);
    store.drift.record('report', [], false);
    store.drift.record('search', [], false);

    const summary = await store.drift.summary();
    expect(summary).toMatchObject({ answersRead: 4, operationsRead: 2 });
    expect(summary.drifting).toHaveLength(1);
    const [report] = summary.drifting;
    expect(report).toMatchObject({ operation: 'report', answers: 3, unreadable: 0, lastUnreadableAt: null });
    expect(report.findings).toEqual([
      expect.objectContaining({ ...missing, answers: 2 }),
      expect.objectContaining({ ...unknown, answers: 1 }),
    ]);
    expect(report.findings[0].lastAt).toBe(new Date(clock.now()).toISOString());
  });

  it('counts answers that could not be read at all, and when the last one came', async () => {
    store.drift.record('emailSearch', [], true);
    clock.advance(60_000);
    store.drift.record('emailSearch', [], false);
    const [emails] = (await store.drift.summary()).drifting;
    expect(emails).toMatchObject({ operation: 'emailSearch', answers: 2, unreadable: 1 });
    expect(emails.lastUnreadableAt).toBe(new Date(clock.now() - 60_000).toISOString());
  });

  it('summarizes sums never written (npm run verify:live) exactly as the store summarizes them', async () => {
    const sums = createDriftSums(clock);
    const record = (...args: Parameters<Store['drift']['record']>) => {
      store.drift.record(...args);
      sums.record(...args);
    };
    record('report', [{ kind: 'missing', path: 'profile.bio' }], false);
    clock.advance(1000);
    record(
      'report',
      [
        { kind: 'missing', path: 'profile.bio' },
        { kind: 'unknown_value', path: 'profile.gender', value: 'X' },
      ],
      false,
    );
    record('emailSearch', [], true);
    record('search', [], false);

    expect(summarizeDriftSums(sums.take())).toEqual(await store.drift.summary());
  });

  it('adds up across flushes, and what is summed in memory survives a close', async () => {
    store.drift.record('report', [{ kind: 'missing', path: 'profile.bio' }], false);
    await store.drift.summary();
    store.drift.record('report', [{ kind: 'missing', path: 'profile.bio' }], false);
    await store.close();
    const again = await engine.open({ clock });
    const [report] = (await again.drift.summary()).drifting;
    expect(report).toMatchObject({ answers: 2 });
    expect(report.findings).toEqual([expect.objectContaining({ path: 'profile.bio', answers: 2 })]);
  });
});
