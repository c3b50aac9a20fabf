import type { OperationId } from '../../../shared/operations';
import type {
  DocumentChange,
  DocumentChangeKind,
  FormulaAllowanceAnswer,
  FormulaAsk,
  FormulaAskSource,
} from '../../../shared/worker-api/formula-allowance';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { FormulaAllowanceView, FormulaApprovalView } from '../../bridge-contract/formula-allowance-api';
import { refreshAddonFormulas } from './formula-refresh';
import {
  asRecord,
  numberAt,
  optionalNumberAt,
  optionalStringAt,
  stringAt,
} from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { readWorkerKey } from '../worker-client/worker-key';

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
 * Approves the asks `asks` names (keys; all of them when absent). The worker runs the schedules
 * among them at once (issue 25); when a formula's ask was among them, the add-on's formulas are
 * recalculated here at once: the approval lasts until the next UTC midnight, and Sheets might not
 * recalculate them before it by itself.
 */
export function approveFormulaCredits(credits: number, asks?: string[]): FormulaApprovalView {
  const answer = callRoute(WORKER_ROUTES.approveFormulas, {
    params: documentParams(),
    body: { credits, ...(asks === undefined ? {} : { asks }) },
  });
  const allowance = readAllowanceAnswer(answer);
  const record = asRecord<FormulaAllowanceAnswer>(answer, 'the approval');
  const started = record.startedSchedules;
  const startedSchedules = Array.isArray(started) ? started.filter((name) => typeof name === 'string') : [];
  // An older worker says nothing of what it answered: its approvals are the formulas' only.
  const answered = Array.isArray(record.answered) ? record.answered.map(readAsk) : null;
  const formulasAsked =
    answered === null ||
    (asks === undefined && answered.length === 0) ||
    answered.some((ask) => ask.source?.kind !== 'schedule');
  return { allowance, refreshed: formulasAsked ? refreshAddonFormulas().refreshed : 0, startedSchedules };
}

function documentParams(): { documentId: string } {
  return { documentId: SpreadsheetApp.getActiveSpreadsheet().getId() };
}

export function readAllowanceAnswer(value: unknown): FormulaAllowanceView {
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

/** Who asked, as the worker says it; null from an older worker or one this version cannot read. */
function readAskSource(value: unknown): FormulaAskSource | null {
  if (typeof value !== 'object' || value === null) return null;
  const source = value as Partial<Record<string, unknown>>;
  if (source.kind === 'formula')
    return { kind: 'formula', cell: typeof source.cell === 'string' ? source.cell : null };
  if (source.kind === 'schedule' && typeof source.scheduleId === 'string') {
    return {
      kind: 'schedule',
      scheduleId: source.scheduleId,
      name: typeof source.name === 'string' ? source.name : '',
      tab: typeof source.tab === 'string' ? source.tab : '',
    };
  }
  return null;
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
  const key = optionalStringAt(ask, 'key');
  const source = readAskSource(ask.source);
  return {
    ...(key === null ? {} : { key }),
    ...(source === null ? {} : { source }),
    operation: stringAt(ask, 'operation') as OperationId,
    credits: numberAt(ask, 'credits'),
    items: numberAt(ask, 'items'),
    at: numberAt(ask, 'at'),
  };
}
