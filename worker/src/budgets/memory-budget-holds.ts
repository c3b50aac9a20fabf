import type { BudgetUnit } from '../store/budget-repository';
import type { HeldAmounts, SharedBudgetHolds } from '../store/shared-budget-holds';

interface MemoryHold {
  email: string;
  documentId: string | null;
  amounts: Record<BudgetUnit, number>;
}

/**
 * Budget holds of one process (SQLite: one worker owns the store), by the same rules as the holds
 * instances share on Postgres (store/postgres/budget-holds.ts), kept in memory. `decide` runs one
 * check and its hold at a time here too: a check awaits the ledger, and two checks interleaved
 * there would each miss the other's hold and both take the last credits.
 */
export function createMemoryBudgetHolds(): SharedBudgetHolds {
  const holds = new Map<string, MemoryHold>();
  let turn: Promise<unknown> = Promise.resolve();
  let issued = 0;
  return {
    decide(work) {
      const decided = turn.then(() => work());
      turn = decided.catch(() => undefined);
      return decided;
    },
    async held(email, documentId) {
      const sums: HeldAmounts = {
        user: { credits: 0, rawRequests: 0 },
        team: { credits: 0, rawRequests: 0 },
        document: 0,
      };
      for (const hold of holds.values()) {
        addTo(sums.team, hold.amounts);
        if (hold.email === email) addTo(sums.user, hold.amounts);
        if (documentId !== null && hold.documentId === documentId) sums.document += hold.amounts.credits;
      }
      return sums;
    },
    async add(email, documentId, amounts) {
      issued += 1;
      const id = `hold_${issued}`;
      holds.set(id, { email, documentId, amounts: { ...amounts } });
      return id;
    },
    async set(id, amounts) {
      const hold = holds.get(id);
      if (hold !== undefined) hold.amounts = { ...amounts };
    },
    async remove(id) {
      holds.delete(id);
    },
  };
}

function addTo(sum: Record<BudgetUnit, number>, amounts: Record<BudgetUnit, number>): void {
  sum.credits += amounts.credits;
  sum.rawRequests += amounts.rawRequests;
}
