import type { Response } from 'express';
import { z } from 'zod';
import type { FormulaAllowanceAnswer, FormulaAsk } from '../../../shared/worker-api/formula-allowance';
import {
  MAX_FORMULA_ALLOWANCE_PER_DAY,
  MAX_FORMULA_APPROVAL,
} from '../../../shared/worker-api/request-limits';
import { KB } from '../request-io/json-body';
import { served, type ServedRoute } from '../request-io/served-route';
import { WorkerError } from '../request-io/worker-error';
import { requireIdentity, type Identity } from '../identity/identity';
import type { FormulaAllowanceRepository } from '../store/formula-allowance-repository';
import type { KeyRepository } from '../store/key-repository';
import { normalizeUserEmail } from '../store/values/user-email';
import { periodStart } from '../store/values/utc-periods';
import type { BudgetGuard } from './budget-guard';
import { presentedProof, type EditAccess } from '../documents/edit-access';
import type { DocumentChangeRepository } from '../store/document-change-repository';
import type { ScheduleRepository } from '../store/schedule-repository';
import { documentParamsSchema } from '../request-io/document-params';

interface FormulaAllowanceRouteOptions {
  guard: BudgetGuard;
  keys: KeyRepository;
  allowances: FormulaAllowanceRepository;
  /** Proof that a member can edit the document (issue 22); admins need none here. */
  editAccess: EditAccess;
  changes: DocumentChangeRepository;
  /** The schedules an approval starts (issue 25: approving a schedule's ask runs it at once). */
  schedules: Pick<ScheduleRepository, 'get' | 'runNow' | 'setStatus'>;
  /** Tells the scheduler to look again at once. */
  kick(): void;
}

/** Changes listed in the answer: Settings shows the newest. */
const CHANGES_SHOWN = 20;

/** More asks than a day of a document's formulas and schedules could file. */
const MAX_ASKS_ANSWERED = 1000;

export const formulaAllowanceRequestSchema = z.looseObject({
  perDay: z.number().min(0).max(MAX_FORMULA_ALLOWANCE_PER_DAY).nullable(),
});

export const formulaApprovalRequestSchema = z.looseObject({
  credits: z.number().gt(0).max(MAX_FORMULA_APPROVAL),
  /** The asks it answers, by key (those the approver saw); absent: every ask filed until now. */
  asks: z.array(z.string().max(100)).max(MAX_ASKS_ANSWERED).optional(),
});

/**
 * A document's formula allowance (formula-allowance.ts), from the sidebar with a person's own key
 * (a document key is refused: it is the formulas' own, readable by every editor):
 * - `GET /api/documents/:documentId/formula-allowance`: the allowance, today's spend, the asks
 *   waiting since the last approval or change, and the document's changes (who connected, took
 *   over, approved). Any member who can edit the document (proof, issue 22; where the worker cannot
 *   read the spreadsheet, any member: it cannot tell), and admins: editors see why a formula waits
 *   and who may approve it.
 * - `PUT .../formula-allowance` `{ perDay }` and `POST .../formula-approvals` `{ credits, asks? }`:
 *   whoever connected the document (their budget pays), with proof that they still edit it where
 *   it can be checked, or an admin; others get 403 naming who may. Each is recorded as a change.
 *   An approval answers the asks it names (issue 25): they leave the list, and the schedules among
 *   them run at once, so an approval unblocks rather than waiting for the next run.
 */
export function formulaAllowanceRoutes(options: FormulaAllowanceRouteOptions): ServedRoute[] {
  const { allowances } = options;
  // Answers are about one person's spreadsheet and change with every approval: never cached.
  const noStore = (res: Response) => res.set('Cache-Control', 'no-store');
  return [
    served(
      'formulaAllowance',
      { params: documentParamsSchema },
      {
        handle: async ({ params: { documentId } }, req, res) => {
          const identity = requireIdentity(req);
          if (identity.role !== 'admin')
            await options.editAccess.check(identity, documentId, presentedProof(req));
          noStore(res);
          return formulaAllowanceAnswer(options, identity, documentId);
        },
      },
    ),
    served(
      'setFormulaAllowance',
      { params: documentParamsSchema, body: formulaAllowanceRequestSchema },
      {
        bodyLimit: KB,
        handle: async ({ params: { documentId }, body: { perDay } }, req, res) => {
          const identity = requireIdentity(req);
          await requireChange(options, identity, documentId, presentedProof(req));
          await allowances.set(documentId, perDay, identity.email);
          await options.changes.record(
            documentId,
            identity.email,
            'allowance',
            perDay === null
              ? `${identity.email} let the formulas spend without a daily cap.`
              : `${identity.email} set the formulas' allowance to ${perDay} credits a day.`,
          );
          noStore(res);
          return formulaAllowanceAnswer(options, identity, documentId);
        },
      },
    ),
    served(
      'approveFormulas',
      { params: documentParamsSchema, body: formulaApprovalRequestSchema },
      {
        bodyLimit: KB,
        handle: async ({ params: { documentId }, body: { credits, asks } }, req, res) => {
          const identity = requireIdentity(req);
          await requireChange(options, identity, documentId, presentedProof(req));
          await allowances.approve(documentId, credits, identity.email);
          const answeredAsks = await allowances.answerAsks(documentId, asks ?? null);
          await options.changes.record(
            documentId,
            identity.email,
            'approval',
            `${identity.email} approved ${credits} more credits for ${approvedFor(answeredAsks)} today.`,
          );
          const startedSchedules = await startSchedules(options, documentId, answeredAsks);
          noStore(res);
          return {
            ...(await formulaAllowanceAnswer(options, identity, documentId)),
            answered: answeredAsks,
            startedSchedules,
          };
        },
      },
    ),
  ];
}

/**
 * Whoever connected the document pays for its formulas, so they (or an admin) decide; the
 * connector with proof that they still edit it, where the worker can check.
 */
async function requireChange(
  options: FormulaAllowanceRouteOptions,
  identity: Identity,
  documentId: string,
  presented: string | undefined,
): Promise<void> {
  if (identity.role === 'admin') return;
  // Proof first: someone who cannot edit the document learns nothing of it, not even who pays.
  await options.editAccess.check(identity, documentId, presented);
  const key = await options.keys.ofDocument(documentId);
  if (key !== null && key.email === normalizeUserEmail(identity.email)) return;
  throw new WorkerError(
    403,
    'forbidden',
    key === null
      ? "Nobody has connected this document's formulas yet: connect them in Settings first."
      : `Only ${key.email}, who connected this document's formulas and whose budget pays for them, or an admin may change what they spend. Or pay for them yourself: "Use my account for formulas" in Settings.`,
  );
}

/** "the formulas", "the schedule "Weekly"", "the formulas and the schedule "Weekly"". */
function approvedFor(answered: readonly FormulaAsk[]): string {
  const names = [
    ...new Set(answered.flatMap((ask) => (ask.source?.kind === 'schedule' ? [ask.source.name] : []))),
  ];
  const formulas = answered.length === 0 || answered.some((ask) => ask.source?.kind !== 'schedule');
  const schedules =
    names.length === 0
      ? []
      : [`the schedule${names.length === 1 ? '' : 's'} ${names.map((name) => `"${name}"`).join(', ')}`];
  return [...(formulas ? ['the formulas'] : []), ...schedules].join(' and ');
}

/**
 * Runs at once the schedules whose asks an approval answered (their run-now); one paused by its
 * failed runs (as a schedule short of approval fails) is resumed first, one paused by hand is not.
 * Answers the names of those started; one running already ends its run and is not started again.
 */
async function startSchedules(
  options: FormulaAllowanceRouteOptions,
  documentId: string,
  answered: readonly FormulaAsk[],
): Promise<string[]> {
  const ids = [
    ...new Set(answered.flatMap((ask) => (ask.source?.kind === 'schedule' ? [ask.source.scheduleId] : []))),
  ];
  const started: string[] = [];
  for (const id of ids) {
    const schedule = await options.schedules.get(id);
    if (schedule === null || schedule.documentId !== documentId) continue;
    const pausedByFailures =
      schedule.status === 'paused' &&
      schedule.lastRun?.outcome === 'failed' &&
      schedule.pausedReason === schedule.lastRun.message;
    if (pausedByFailures) await options.schedules.setStatus(id, 'active', 0, null);
    if (await options.schedules.runNow(id)) started.push(schedule.name);
  }
  if (started.length > 0) options.kick();
  return started;
}

/** What reading a document's allowance takes. */
export type AllowanceReaders = Pick<
  FormulaAllowanceRouteOptions,
  'guard' | 'keys' | 'allowances' | 'changes'
>;

/** A document's allowance as `identity` sees it: also the document status route's (issue 25). */
export async function formulaAllowanceAnswer(
  options: AllowanceReaders,
  identity: Identity,
  documentId: string,
): Promise<FormulaAllowanceAnswer> {
  const key = await options.keys.ofDocument(documentId);
  const status = await options.guard.documentStatus(documentId);
  // An approval removes the asks it answers; a change of the allowance answers every ask before
  // it. A formula still short asks again on its next recalculation.
  const since = Math.max(periodStart('day', status.resetsAt - 1), (status.allowance.setAt ?? -1) + 1);
  const asks = await options.allowances.asksSince(documentId, since);
  return {
    documentId,
    connectedBy: key?.email ?? null,
    connectedAt: key?.createdAt ?? null,
    changes: await options.changes.recent(documentId, CHANGES_SHOWN),
    perDay: status.allowance.perDay,
    isDefault: status.allowance.isDefault,
    approvedToday: status.allowance.approved,
    spentToday: status.spent,
    pending: status.pending,
    left: status.left,
    resetsAt: status.resetsAt,
    asks,
    askedCredits: Math.round(asks.reduce((sum, ask) => sum + ask.credits, 0) * 1000) / 1000,
    mayChange:
      identity.role === 'admin' || (key !== null && key.email === normalizeUserEmail(identity.email)),
  };
}
