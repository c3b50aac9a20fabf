import type { OperationId } from '../../shared/operations';
import type {
  DocumentChange,
  DocumentChangeKind,
  FormulaAllowanceAnswer,
  FormulaAsk,
} from '../../shared/worker-api/formula-allowance';
import { WORKER_ROUTES } from '../../shared/worker-api/routes';
import type { FormulaAllowanceView, FormulaApprovalView } from '../shared/formula-allowance-api';
import { refreshAddonFormulas } from './formula-refresh';
import { asRecord, numberAt, optionalNumberAt, optionalStringAt, stringAt } from './worker-answers';
import { callRoute } from './worker-client';
import { readWorkerKey } from './worker-key';

/**
 * This document's formula allowance, through the sidebar user's own key (a document key may not
 * read or change it: every editor's formulas hold that one).
 */
export function readFormulaAllowance(): FormulaAllowanceView | null {
  if (readWorkerKey() === null) return null;
  return readAllowanceAnswer(callRoute(WORKER_ROUTES.formulaAllowance, { params: documentParams() }));
}

export function saveFormulaAllowance(perDay: number | null): FormulaAllowanceView {
  return readAllowanceAnswer(
    callRoute(WORKER_ROUTES.setFormulaAllowance, { params: documentParams(), body: { perDay } }),
  );
}

/**
 * Approves, then recalculates the add-on's formulas at once: the approval lasts until the next
 * UTC midnight, and Sheets might not recalculate them before it by itself.
 */
export function approveFormulaCredits(credits: number): FormulaApprovalView {
  const allowance = readAllowanceAnswer(
    callRoute(WORKER_ROUTES.approveFormulas, { params: documentParams(), body: { credits } }),
  );
  return { allowance, refreshed: refreshAddonFormulas().refreshed };
}

function documentParams(): { documentId: string } {
  return { documentId: SpreadsheetApp.getActiveSpreadsheet().getId() };
}

function readAllowanceAnswer(value: unknown): FormulaAllowanceView {
  const record = asRecord<FormulaAllowanceAnswer>(value, 'the formula allowance');
  const asks = Array.isArray(record.asks) ? record.asks : [];
  return {
    documentId: stringAt(record, 'documentId'),
    connectedBy: optionalStringAt(record, 'connectedBy'),
    perDay: optionalNumberAt(record, 'perDay'),
    isDefault: record.isDefault === true,
    approvedToday: numberAt(record, 'approvedToday'),
    spentToday: numberAt(record, 'spentToday'),
    pending: optionalNumberAt(record, 'pending') ?? 0,
    left: optionalNumberAt(record, 'left'),
    resetsAt: numberAt(record, 'resetsAt'),
    asks: asks.map(readAsk),
    askedCredits: numberAt(record, 'askedCredits'),
    mayChange: record.mayChange === true,
    connectedAt: optionalNumberAt(record, 'connectedAt'),
    // Older workers say nothing of changes: none to show.
    changes: (Array.isArray(record.changes) ? record.changes : []).flatMap(readChange),
  };
}

const CHANGE_KINDS: readonly DocumentChangeKind[] = [
  'connected',
  'took-over',
  'disconnected',
  'allowance',
  'approval',
  'schedule-created',
  'schedule-changed',
  'schedule-deleted',
  'schedule-paused',
  'schedule-resumed',
  'schedule-duplicated',
  'schedule-handed-over',
  'schedule-alerts',
];

/** A change as Settings lists it; one of a kind this version does not know still shows its sentence. */
function readChange(value: unknown): DocumentChange[] {
  const change = asRecord<DocumentChange>(value, 'a change to this document');
  const kind = CHANGE_KINDS.find((known) => known === change.kind) ?? 'connected';
  return [
    { at: numberAt(change, 'at'), by: stringAt(change, 'by'), kind, summary: stringAt(change, 'summary') },
  ];
}

function readAsk(value: unknown): FormulaAsk {
  const ask = asRecord<FormulaAsk>(value, 'a formula waiting for approval');
  return {
    operation: stringAt(ask, 'operation') as OperationId,
    credits: numberAt(ask, 'credits'),
    items: numberAt(ask, 'items'),
    at: numberAt(ask, 'at'),
  };
}
