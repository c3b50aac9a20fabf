import { served, type ServedRoute } from '../request-io/served-route';
import type { ScheduleSearchAnswer } from '../../../shared/worker-api/schedules';
import { WorkerError } from '../request-io/worker-error';
import { requireIdentity } from '../identity/identity';
import { operationContext, type OperationDeps } from '../operations/operation-deps';
import { scheduleAnswer } from '../store/rows/schedule-rows';
import { existingSchedule, requireScheduleProof } from './schedule-access';
import { withScheduleBudget } from './schedule-budget';
import { scheduleParamsSchema } from './schedule-request';
import { fetchScheduledSearch, isSearchKind } from './scheduled-search';

/**
 * `POST /api/schedules/:id/search` (issue 26): the table of a saved search or AI search that the
 * add-on runs, paged by the worker as its own runner pages it (scheduled-search.ts), for the
 * add-on's trigger to write with SpreadsheetApp. Called with the document key, as the add-on's
 * reports and e-mail blocks are: billed like the document's formulas (to whoever connected them,
 * within the allowance and their budgets) and within the schedule's own monthly budget. The search
 * is the one the schedule keeps, never one the caller sends. Anyone but that document's key is
 * asked for proof of edit access first (as every route bound to a schedule), then refused.
 */
export function scheduleSearchRoutes(deps: OperationDeps): ServedRoute[] {
  const { store } = deps;
  const access = { store, editAccess: deps.editAccess, sheetAccess: deps.sheetAccess };
  return [
    served(
      'scheduleSearch',
      { params: scheduleParamsSchema },
      {
        handle: async ({ params: { id } }, req, res) => {
          const identity = requireIdentity(req);
          const schedule = await existingSchedule(store, id);
          if (identity.documentId !== schedule.documentId) {
            await requireScheduleProof(access, identity, schedule.documentId, req, {
              runner: schedule.runner,
              trusted: schedule.createdBy,
            });
            throw new WorkerError(
              403,
              'document_key_required',
              "A scheduled search is fetched with this document's formula key, as its formulas are: the add-on's trigger sends it.",
            );
          }
          if (schedule.runner !== 'add-on') {
            throw new WorkerError(
              409,
              'worker_runs_it',
              `The worker runs the schedule "${schedule.name}" itself.`,
            );
          }
          if (!isSearchKind(schedule.kind)) {
            throw new WorkerError(
              400,
              'invalid_request',
              `The schedule "${schedule.name}" is not a saved search.`,
            );
          }
          if (schedule.status !== 'active') {
            throw new WorkerError(409, 'schedule_paused', 'This schedule is paused: resume it to run it.');
          }
          const limit = schedule.monthlyBudget ?? null;
          const paid =
            limit === null ? deps.paid : withScheduleBudget(deps.paid, limit, schedule.spentThisMonth ?? 0);
          let table: ScheduleSearchAnswer;
          try {
            table = await fetchScheduledSearch(
              { ...deps, paid },
              operationContext(req, deps),
              scheduleAnswer(schedule),
            );
          } catch (error) {
            // fetchScheduledSearch says every refusal in a sentence (an allowance's ask filed for Settings).
            if (error instanceof WorkerError || !(error instanceof Error)) throw error;
            throw new WorkerError(409, 'schedule_search_refused', error.message);
          }
          res.set('Cache-Control', 'no-store').json(table);
        },
      },
    ),
  ];
}
