import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { ManualClock } from './store-fixtures';

const DOC = 'doc_repository_123456';
const FORMULA = { kind: 'formula', cell: 'Formulas!B4' } as const;
const SCHEDULE = { kind: 'schedule', scheduleId: 'sch_1', name: 'Weekly', tab: 'Weekly report' } as const;

describeEachEngine('formula allowance repository', (engine) => {
  let clock: ManualClock;
  let store: Store;

  beforeEach(async () => {
    clock = new ManualClock(Date.UTC(2025, 4, 14, 23, 0));
    store = await engine.open({ clock });
  });

  it('keeps one ask per key (the latest), and drops a day’s asks once the next day’s arrive', async () => {
    const repository = store.formulaAllowances;
    await repository.recordAsk(DOC, { key: 'a', operation: 'report', credits: 8, items: 8, source: FORMULA });
    clock.advance(60_000);
    await repository.recordAsk(DOC, { key: 'a', operation: 'report', credits: 6, items: 6, source: FORMULA });
    clock.advance(-1);
    await repository.recordAsk(DOC, {
      key: 'b',
      operation: 'emailSearch',
      credits: 0.5,
      items: 25,
      source: SCHEDULE,
    });
    const today = await repository.asksSince(DOC, 0);
    expect(today.map((ask) => [ask.key, ask.operation, ask.credits, ask.items, ask.source])).toEqual([
      ['a', 'report', 6, 6, FORMULA],
      ['b', 'emailSearch', 0.5, 25, SCHEDULE],
    ]);

    clock.set(Date.UTC(2025, 4, 15, 1, 0));
    await repository.recordAsk(DOC, { key: 'c', operation: 'report', credits: 1, items: 1, source: FORMULA });
    expect((await repository.asksSince(DOC, 0)).map((ask) => ask.credits)).toEqual([1]);
  });

  it('removes the asks an approval answers (those named, or every one filed until now) and answers them', async () => {
    const repository = store.formulaAllowances;
    await repository.recordAsk(DOC, { key: 'a', operation: 'report', credits: 3, items: 3, source: FORMULA });
    await repository.recordAsk(DOC, {
      key: 'b',
      operation: 'report',
      credits: 15,
      items: 15,
      source: SCHEDULE,
    });
    await repository.recordAsk('another_document_123', {
      key: 'b',
      operation: 'report',
      credits: 1,
      items: 1,
      source: FORMULA,
    });

    const answered = await repository.answerAsks(DOC, ['b', 'not-there']);
    expect(answered.map((ask) => [ask.key, ask.credits, ask.source])).toEqual([['b', 15, SCHEDULE]]);
    expect((await repository.asksSince(DOC, 0)).map((ask) => ask.key)).toEqual(['a']);
    // Answered once: a second approval naming it starts nothing.
    expect(await repository.answerAsks(DOC, ['b'])).toEqual([]);

    clock.advance(1000);
    await repository.recordAsk(DOC, { key: 'c', operation: 'report', credits: 1, items: 1, source: FORMULA });
    clock.advance(-500);
    // Every ask filed until now: not the one filed (by the clock) after it.
    expect((await repository.answerAsks(DOC, null)).map((ask) => ask.key)).toEqual(['a']);
    expect((await repository.asksSince(DOC, 0)).map((ask) => ask.key)).toEqual(['c']);
    expect((await repository.asksSince('another_document_123', 0)).map((ask) => ask.key)).toEqual(['b']);
  });

  it('sums approvals within the UTC day and keeps who set the allowance', async () => {
    const repository = store.formulaAllowances;
    await repository.approve(DOC, 2.5, 'Ana@Team.com');
    await repository.approve(DOC, 1, 'ana@team.com');
    expect(await repository.approvedToday(DOC, clock.now())).toEqual({ credits: 3.5, lastAt: clock.now() });
    expect(await repository.approvedToday(DOC, Date.UTC(2025, 4, 15, 0, 0))).toEqual({
      credits: 0,
      lastAt: null,
    });
    await expect(repository.approve(DOC, 0, 'ana@team.com')).rejects.toThrow('more than 0 credits');

    expect(await repository.get(DOC)).toBeNull();
    expect(await repository.set(DOC, 12.5, 'Ana@Team.com')).toEqual({
      perDay: 12.5,
      updatedAt: clock.now(),
      updatedBy: 'ana@team.com',
    });
  });
});
