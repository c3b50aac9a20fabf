import type { DocumentChange, DocumentChangeKind } from '../../../../shared/worker-api/formula-allowance';

export const CHANGES_KEPT = 200;

/** A change as either engine stores it. */
export interface DocumentChangeRow {
  at: number;
  actor: string;
  kind: DocumentChangeKind;
  summary: string;
}

export function changeOf(row: DocumentChangeRow): DocumentChange {
  return { at: Number(row.at), by: row.actor, kind: row.kind, summary: row.summary };
}
