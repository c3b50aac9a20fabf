import { createFairOrder, type DueSchedule } from '../../../../worker/src/schedules/fair-order';

const AT = Date.parse('2026-11-25T08:00:00Z');

/** `count` schedules of `documentId`, all due at `at` (ids sort as they are numbered). */
function due(documentId: string, count: number, at = AT): DueSchedule[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `sch_${documentId}${i}`,
    documentId,
    nextRunAt: at,
  }));
}

const ids = (list: DueSchedule[]) => list.map((schedule) => schedule.id);

describe('the order due schedules start in', () => {
  it('takes each document in turn, not one document whole before the next', () => {
    const fair = createFairOrder();
    const order = fair.order([...due('a', 4), ...due('b', 2), ...due('c', 1)], new Set());
    expect(ids(order)).toEqual(['sch_a0', 'sch_b0', 'sch_c0', 'sch_a1', 'sch_b1', 'sch_a2', 'sch_a3']);
  });

  it('puts the document served least recently first, and one with a run under way last', () => {
    const fair = createFairOrder();
    fair.started('a');
    fair.started('b');
    expect(ids(fair.order([...due('a', 1), ...due('b', 1), ...due('c', 1)], new Set()))).toEqual([
      'sch_c0',
      'sch_a0',
      'sch_b0',
    ]);
    expect(ids(fair.order([...due('a', 1), ...due('b', 1), ...due('c', 1)], new Set(['c'])))).toEqual([
      'sch_a0',
      'sch_b0',
      'sch_c0',
    ]);
  });

  it('starves nobody: a team whose schedules keep coming waits its turn like the others', () => {
    const fair = createFairOrder();
    const served: string[] = [];
    // One run at a time; the big team always has 20 due, the small ones one each until served.
    const small = new Set(['b', 'c', 'd']);
    for (let run = 0; run < 8; run++) {
      const list = [...due('big', 20, AT - 60_000), ...[...small].flatMap((doc) => due(doc, 1))];
      const [next] = fair.order(list, new Set());
      served.push(next.documentId);
      fair.started(next.documentId);
      small.delete(next.documentId);
    }
    // The big team's earlier due time puts it first once, then every small team has its turn.
    expect(served.slice(0, 4).sort()).toEqual(['b', 'big', 'c', 'd']);
    expect(served.slice(4)).toEqual(['big', 'big', 'big', 'big']);
  });

  it('runs a document in due order', () => {
    const fair = createFairOrder();
    const late = { id: 'sch_a0', documentId: 'a', nextRunAt: AT + 1 };
    const early = { id: 'sch_a9', documentId: 'a', nextRunAt: AT };
    expect(ids(fair.order([late, early], new Set()))).toEqual(['sch_a9', 'sch_a0']);
  });
});
