/**
 * Which due schedules start first (issue 25). One service account serves every team, and Google
 * allows it 60 Sheets calls a minute, so at 09:00 the schedules of many documents queue behind
 * one another. Taken by due time alone (then id, at random), a team with 20 schedules can hold the
 * worker for minutes while another team's one report waits. Round robin across documents instead:
 * each document's next schedule in turn, the document served least recently first and one with a
 * run under way last, so no team waits behind another's whole set and none is starved (a document
 * served goes to the back; every other is served before it again). Within a document, the earliest
 * due first. Per worker: several workers sharing a store each keep their own turn, which is fair
 * enough, as each takes the schedules it starts with a lease.
 */

/** What the order needs of a due schedule. */
export interface DueSchedule {
  id: string;
  documentId: string;
  nextRunAt: number | null;
}

export interface FairOrder {
  /** `due` in the order to start them; `running`: documents with a run under way in this worker. */
  order<T extends DueSchedule>(due: readonly T[], running: ReadonlySet<string>): T[];
  /** A run of the document started now. */
  started(documentId: string): void;
}

/** Documents remembered at most; the least recently served are forgotten first. */
const MAX_REMEMBERED = 10_000;

export function createFairOrder(): FairOrder {
  // When each document was last served, as a count of starts: no clock, so no ties.
  const served = new Map<string, number>();
  let starts = 0;
  return {
    order<T extends DueSchedule>(due: readonly T[], running: ReadonlySet<string>): T[] {
      const byDocument = new Map<string, T[]>();
      for (const schedule of [...due].sort(earliestFirst)) {
        const list = byDocument.get(schedule.documentId) ?? [];
        list.push(schedule);
        byDocument.set(schedule.documentId, list);
      }
      const documents = [...byDocument.keys()].sort(
        (a, b) =>
          Number(running.has(a)) - Number(running.has(b)) ||
          (served.get(a) ?? -1) - (served.get(b) ?? -1) ||
          earliestFirst(byDocument.get(a)?.[0] as T, byDocument.get(b)?.[0] as T),
      );
      const ordered: T[] = [];
      for (let round = 0; ordered.length < due.length; round++) {
        for (const documentId of documents) {
          const next = byDocument.get(documentId)?.[round];
          if (next !== undefined) ordered.push(next);
        }
      }
      return ordered;
    },
    started(documentId) {
      served.delete(documentId);
      served.set(documentId, ++starts);
      if (served.size > MAX_REMEMBERED) {
        const oldest = served.keys().next().value;
        if (oldest !== undefined) served.delete(oldest);
      }
    },
  };
}

function earliestFirst(a: DueSchedule, b: DueSchedule): number {
  return (a.nextRunAt ?? 0) - (b.nextRunAt ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}
