import type { Request } from 'express';
import { readByHandler, served, type ServedRoute } from '../request-io/served-route';
import { successStatus, WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { ScheduleRequest, ScheduleRun } from '../../../shared/worker-api/schedules';
import { addOnRunRequestId } from '../../../shared/worker-api/schedule-runs/add-on-run-id';
import type { Clock } from '../../common/clock';
import { documentParamsSchema } from '../request-io/document-params';
import { KB } from '../request-io/json-body';
import { parseBody } from '../request-io/parse-body';
import { WorkerError } from '../request-io/worker-error';
import { requireIdentity } from '../identity/identity';
import {
  changeableSchedule,
  recordScheduleChange,
  requireScheduleProof,
  scheduleNotFound,
  visibleSchedules,
} from './schedule-access';
import type { SheetAccess } from '../google/sheet-access';
import { runEnd } from './scheduler';
import type { Logger } from 'pino';
import { raiseScheduleAlert, type AlertSenders } from './schedule-alerts';
import { checkScheduleKind } from './scheduled-search';
import type { ScheduleRecord } from '../store/schedule-repository';
import { ScheduleCapError } from '../store/schedule-repository';
import { requestOf, scheduleAnswer } from '../store/rows/schedule-rows';
import { normalizeUserEmail } from '../store/values/user-email';
import type { DocumentChangeKind } from '../../../shared/worker-api/formula-allowance';
import { presentedProof, type EditAccess } from '../documents/edit-access';
import type { Store } from '../store/store';
import { nextRunAt } from './next-run';
import { estimateScheduleCost } from './schedule-cost-estimate';
import {
  MAX_SCHEDULES_PER_DOCUMENT,
  scheduleDuplicateRequestSchema,
  scheduleHandoverRequestSchema,
  scheduleEstimateRequestSchema,
  scheduleParamsSchema,
  scheduleRequestSchema,
  scheduleRunRecordRequestSchema,
  scheduleStatusRequestSchema,
} from './schedule-request';

/**
 * The banner of a failed add-on run is the add-on's to write (the worker may not write that sheet):
 * what its record says of it, or, from an add-on of before, that the worker wrote none.
 */
function addOnBanner(written: boolean | undefined): { ok: boolean; note: string } {
  if (written === true) return { ok: true, note: 'written in the sheet by the add-on, as its run ended' };
  if (written === false) {
    return {
      ok: false,
      note: 'the add-on wrote none: no "Last refreshed" stamp of a good run to write it over, or a person\'s text in that cell',
    };
  }
  return { ok: false, note: 'the worker may not write this sheet (it runs from the sheet itself)' };
}

/** How long recording an add-on's run holds its schedule: one store write. */
const RECORD_LEASE_MS = 30_000;

/** 200 fields of 100 characters, two tabs' names and the rest, with room to spare. */
const SCHEDULE_BODY_LIMIT = 32 * KB;
/** A schedule and its input column: 2,000 cells of profile URLs at most. */
const ESTIMATE_BODY_LIMIT = 1024 * KB;

interface SchedulesRouterOptions {
  store: Pick<
    Store,
    | 'schedules'
    | 'keys'
    | 'documentChanges'
    | 'sheetOwnership'
    | 'cache'
    | 'cacheTtlMs'
    | 'ledger'
    | 'scheduleAlerts'
  >;
  /** Proof that the caller can edit the schedule's spreadsheet (issue 22). */
  editAccess: EditAccess;
  /** For the sentence that says why edit access cannot be proven (issue 26). */
  sheetAccess?: SheetAccess | null;
  clock: Clock;
  /** Told when a schedule is set up, changed, resumed or run now, to look again at once. */
  kick(): void;
  /** Where an add-on run's failure is told besides the sidebar (issue 26): as the scheduler's runs. */
  alerts?: AlertSenders;
  logger?: Pick<Logger, 'warn'>;
}

/**
 * Scheduled shared reports (issue 14, part 3), from the sidebar with a person's own key (a
 * document key is refused by the authenticator: these routes are not the formulas'). A schedule
 * writes into its spreadsheet as the worker's service account, so every route but the admins'
 * wants proof that the caller can edit that spreadsheet (issue 22: documents/edit-access.ts);
 * admins pause, resume and delete without one, as they set nothing to write:
 * - `GET /api/documents/:documentId/schedules`: the document's schedules, to its editors;
 * - `GET /api/schedules`: every schedule (admins);
 * - `POST /api/documents/:documentId/schedules` -> 201: only while the document's formulas are
 *   connected, as runs are billed like them (to whoever connected it, within its budgets);
 * - `PUT|PATCH|DELETE /api/schedules/:id`, `POST /api/schedules/:id/run` -> 202: whoever set it
 *   up, whoever connected the document, or an admin; anyone else gets 404, as for jobs;
 * - `POST /api/schedule-estimates`: what a schedule's runs would cost (schedule-cost-estimate.ts),
 *   to anyone signed in: it reads the worker's cache only and is bound to no spreadsheet.
 * Every change is recorded for the document's editors (Settings).
 *
 * Served from the route table (http/table-routes.ts: method, path, access, body limit), each
 * handler reading its request itself (readByHandler): who may see the schedule is decided before
 * what its body says, so a stranger gets 404 whatever they send.
 */
export function scheduleRoutes(options: SchedulesRouterOptions): ServedRoute[] {
  const { store, clock, editAccess } = options;
  const access = { store, editAccess, sheetAccess: options.sheetAccess ?? null };
  const record = (schedule: ScheduleRecord, by: string, kind: DocumentChangeKind, what: string) =>
    recordScheduleChange(store, schedule, by, kind, what);
  const changeable = (req: Request, proof: 'always' | 'members') => changeableSchedule(access, req, proof);
  const connectorOf = async (documentId: string) => (await store.keys.ofDocument(documentId))?.email ?? null;
  const noStore = { 'Cache-Control': 'no-store' };

  const routes: ServedRoute[] = [
    served(
      'documentSchedules',
      { params: documentParamsSchema },
      {
        read: readByHandler,
        handle: async (_input, req, res) => {
          const identity = requireIdentity(req);
          const { documentId } = parseBody(documentParamsSchema, { ...req.params });
          const schedules = await visibleSchedules(access, identity, documentId, req);
          res.set(noStore).json({ schedules: schedules.map(scheduleAnswer) });
        },
      },
    ),

    served(
      'schedules',
      {},
      {
        read: readByHandler,
        handle: async (_input, _req, res) => {
          res.set(noStore).json({ schedules: (await store.schedules.all()).map(scheduleAnswer) });
        },
      },
    ),

    served(
      'createSchedule',
      { params: documentParamsSchema, body: scheduleRequestSchema },
      {
        bodyLimit: SCHEDULE_BODY_LIMIT,
        read: readByHandler,
        handle: async (_input, req, res) => {
          const identity = requireIdentity(req);
          const { documentId } = parseBody(documentParamsSchema, { ...req.params });
          const request: ScheduleRequest = checkScheduleKind(parseBody(scheduleRequestSchema, req.body));
          await requireScheduleProof(access, identity, documentId, req, {
            runner: request.runner,
            trusted: await connectorOf(documentId),
          });
          await requireConnected(documentId);
          const created = await createCapped(documentId, request, identity.email);
          await record(created, identity.email, 'schedule-created', 'set up');
          options.kick();
          res.status(successStatus(WORKER_ROUTES.createSchedule)).set(noStore).json(scheduleAnswer(created));
        },
      },
    ),

    served(
      'updateSchedule',
      { params: scheduleParamsSchema, body: scheduleRequestSchema },
      {
        bodyLimit: SCHEDULE_BODY_LIMIT,
        read: readByHandler,
        handle: async (_input, req, res) => {
          const schedule = await changeable(req, 'always');
          const parsed: ScheduleRequest = checkScheduleKind(parseBody(scheduleRequestSchema, req.body));
          // An edit that does not say who runs it leaves that as it was (a sidebar form has no runner).
          const request: ScheduleRequest =
            parsed.runner === undefined && schedule.runner === 'add-on'
              ? { ...parsed, runner: 'add-on' }
              : parsed;
          // Handed to the worker, it writes as its service account: that needs the proof again.
          if (schedule.runner === 'add-on' && request.runner !== 'add-on') {
            await editAccess.require(requireIdentity(req), schedule.documentId, presentedProof(req));
          }
          const next =
            schedule.status === 'active' ? nextRunAt(request.cadence, request.timeZone, clock.now()) : null;
          const updated = await store.schedules.update(schedule.id, request, next);
          // Written somewhere else from now on: what it wrote before is no longer its to overwrite.
          if (!samePlace(schedule, request)) await store.sheetOwnership.setExtent(schedule.id, null);
          await record(schedule, requireIdentity(req).email, 'schedule-changed', 'changed');
          options.kick();
          res.set(noStore).json(scheduleAnswer(found(updated, schedule.id)));
        },
      },
    ),

    served(
      'setScheduleStatus',
      { params: scheduleParamsSchema, body: scheduleStatusRequestSchema },
      {
        bodyLimit: KB,
        read: readByHandler,
        handle: async (_input, req, res) => {
          const identity = requireIdentity(req);
          const schedule = await changeable(req, 'members');
          const { status } = parseBody(scheduleStatusRequestSchema, req.body);
          let updated: ScheduleRecord | null = schedule;
          if (status === 'paused' && schedule.status === 'active') {
            updated = await store.schedules.setStatus(
              schedule.id,
              'paused',
              null,
              `Paused by ${identity.email}.`,
            );
            await record(schedule, identity.email, 'schedule-paused', 'paused');
          } else if (status === 'active') {
            // Resuming clears the failures and sets the next run from now (also for an active one).
            const next = nextRunAt(schedule.cadence, schedule.timeZone, clock.now());
            updated = await store.schedules.setStatus(schedule.id, 'active', next, null);
            if (schedule.status === 'paused')
              await record(schedule, identity.email, 'schedule-resumed', 'resumed');
            options.kick();
          }
          res.set(noStore).json(scheduleAnswer(found(updated, schedule.id)));
        },
      },
    ),

    served(
      'deleteSchedule',
      { params: scheduleParamsSchema },
      {
        read: readByHandler,
        handle: async (_input, req, res) => {
          const schedule = await changeable(req, 'members');
          await store.schedules.delete(schedule.id);
          await record(schedule, requireIdentity(req).email, 'schedule-deleted', 'deleted');
          res.set(noStore).json(scheduleAnswer(schedule));
        },
      },
    ),

    served(
      'estimateSchedule',
      { body: scheduleEstimateRequestSchema },
      {
        bodyLimit: ESTIMATE_BODY_LIMIT,
        read: readByHandler,
        handle: async (_input, req, res) => {
          requireIdentity(req);
          const request = parseBody(scheduleEstimateRequestSchema, req.body);
          res.set(noStore).json(await estimateScheduleCost({ store, clock }, request));
        },
      },
    ),

    served(
      'runSchedule',
      { params: scheduleParamsSchema },
      {
        read: readByHandler,
        handle: async (_input, req, res) => {
          const schedule = await changeable(req, 'always');
          if (schedule.status === 'paused') {
            throw new WorkerError(409, 'schedule_paused', 'This schedule is paused: resume it to run it.');
          }
          if (!(await store.schedules.runNow(schedule.id))) {
            throw new WorkerError(
              409,
              'schedule_running',
              'This schedule is running now: wait for its run to end.',
            );
          }
          options.kick();
          const due = found(await store.schedules.get(schedule.id), schedule.id);
          res.status(successStatus(WORKER_ROUTES.runSchedule)).set(noStore).json(scheduleAnswer(due));
        },
      },
    ),

    served(
      'recordScheduleRun',
      { params: scheduleParamsSchema, body: scheduleRunRecordRequestSchema },
      {
        bodyLimit: SCHEDULE_BODY_LIMIT,
        read: readByHandler,
        handle: async (_input, req, res) => {
          const identity = requireIdentity(req);
          const { id } = parseBody(scheduleParamsSchema, { ...req.params });
          const schedule = await store.schedules.get(id);
          if (schedule === null) throw scheduleNotFound(id);
          await requireScheduleProof(access, identity, schedule.documentId, req, {
            runner: schedule.runner,
            trusted: schedule.createdBy,
          });
          // Only the trigger's owner (who set it up) records its runs; anyone else is told nothing.
          if (normalizeUserEmail(schedule.createdBy) !== normalizeUserEmail(identity.email))
            throw scheduleNotFound(id);
          const { run, rowsWritten, banner } = parseBody(scheduleRunRecordRequestSchema, req.body);
          const credits = await addOnRunCredits(schedule, run.at);
          const ended = { ...run, credits, at: Math.min(run.at, clock.now()) };
          await recordAddOnRun(schedule, ended, { rowsWritten, banner });
          res.set(noStore).json(scheduleAnswer(found(await store.schedules.get(id), id)));
        },
      },
    ),

    served(
      'duplicateSchedule',
      { params: scheduleParamsSchema, body: scheduleDuplicateRequestSchema },
      {
        bodyLimit: SCHEDULE_BODY_LIMIT,
        read: readByHandler,
        handle: async (_input, req, res) => {
          const identity = requireIdentity(req);
          const { id } = parseBody(scheduleParamsSchema, { ...req.params });
          const original = await store.schedules.get(id);
          if (original === null) throw scheduleNotFound(id);
          const changes = parseBody(scheduleDuplicateRequestSchema, req.body ?? {});
          // A copy is a new schedule: set up by the caller, who must edit the spreadsheet (admins too).
          await editAccess.require(identity, original.documentId, presentedProof(req));
          await requireConnected(original.documentId);
          const copy: ScheduleRequest = {
            ...requestOf(original),
            name: changes.name ?? `${original.name} (copy)`.slice(0, 100),
            ...(changes.output === undefined ? {} : { output: changes.output }),
          };
          const created = await createCapped(original.documentId, copy, identity.email);
          await store.documentChanges.record(
            original.documentId,
            identity.email,
            'schedule-duplicated',
            `${identity.email} copied the schedule "${original.name}" as "${created.name}".`,
          );
          options.kick();
          res
            .status(successStatus(WORKER_ROUTES.duplicateSchedule))
            .set(noStore)
            .json(scheduleAnswer(created));
        },
      },
    ),

    served(
      'handOverSchedule',
      { params: scheduleParamsSchema, body: scheduleHandoverRequestSchema },
      {
        bodyLimit: SCHEDULE_BODY_LIMIT,
        read: readByHandler,
        handle: async (_input, req, res) => {
          const identity = requireIdentity(req);
          const schedule = await changeable(req, 'always');
          const receiver = normalizeUserEmail(parseBody(scheduleHandoverRequestSchema, req.body).to);
          if (receiver === normalizeUserEmail(schedule.createdBy)) {
            throw new WorkerError(
              409,
              'already_theirs',
              `${receiver} already runs the schedule "${schedule.name}".`,
            );
          }
          // The receiver proves edit access from their own sidebar: a kept, unexpired proof is fresh.
          const proof = await editAccess.standing(
            { email: receiver, role: 'member', via: 'workerKey' },
            schedule.documentId,
          );
          if (proof?.outcome !== 'proven') {
            throw new WorkerError(
              409,
              'receiver_unproven',
              `${receiver} has not shown lately that they can edit this spreadsheet: ask them to open Creator Sheets in it (Extensions > Creator Sheets), then hand it over again.`,
            );
          }
          const updated = found(await store.schedules.handOver(schedule.id, receiver), schedule.id);
          await store.documentChanges.record(
            schedule.documentId,
            identity.email,
            'schedule-handed-over',
            `${identity.email} handed the schedule "${schedule.name}" over to ${receiver}.`,
          );
          res.set(noStore).json(scheduleAnswer(updated));
        },
      },
    ),
  ];

  /**
   * The add-on's run, recorded as the scheduler records the worker's (runEnd: failures, the pause
   * after three, the next run from now), under a lease of its own so it never crosses another end.
   */
  async function recordAddOnRun(
    schedule: ScheduleRecord,
    run: ScheduleRun,
    { rowsWritten, banner }: { rowsWritten: number; banner: boolean | undefined },
  ) {
    if (schedule.runner !== 'add-on') {
      throw new WorkerError(409, 'worker_runs_it', `The worker runs the schedule "${schedule.name}" itself.`);
    }
    const lease = await store.schedules.take(schedule.id, clock.now(), RECORD_LEASE_MS, 'add-on');
    if (lease === null) {
      throw new WorkerError(
        409,
        'schedule_not_due',
        `The schedule "${schedule.name}" is not due (paused, or already run): its run was not recorded.`,
      );
    }
    let paused = false;
    await store.schedules.finish(schedule.id, lease.token, (current) => {
      const end = runEnd(current, run, clock.now());
      paused = current.status === 'active' && end.status === 'paused';
      return { ...end, rowsWritten: run.outcome === 'ok' ? rowsWritten : current.rowsWritten };
    });
    // A failed run's alert, raised as the scheduler raises a worker run's (scheduled-run.ts): the
    // sidebar's line, e-mail and the chat webhook; a good run's end has cleared it.
    if (run.outcome === 'failed') {
      const alert = await raiseScheduleAlert(
        {
          store,
          senders: options.alerts ?? { smtp: null },
          logger: options.logger ?? { warn: () => undefined },
          banner: async () => addOnBanner(banner),
        },
        schedule,
        run,
        paused ? 'paused' : 'failed',
      );
      await store.schedules.setAlert(schedule.id, alert);
    }
  }

  /**
   * What an add-on run spent, from the ledger: the paid calls of its fetches, which carried the
   * run's request id (add-on-run-id.ts) and were billed to whoever connected the document's
   * formulas. A run that found everything in the cache spent nothing.
   */
  async function addOnRunCredits(schedule: ScheduleRecord, at: number): Promise<number> {
    const payer = (await store.keys.ofDocument(schedule.documentId))?.email ?? schedule.createdBy;
    return store.ledger.creditsOfRequest(payer, addOnRunRequestId(schedule.id, at));
  }

  async function requireConnected(documentId: string): Promise<void> {
    if ((await store.keys.ofDocument(documentId)) === null) {
      throw new WorkerError(
        409,
        'formulas_not_connected',
        "Scheduled reports are billed like this document's formulas, which nobody has connected yet: connect them in Settings first.",
      );
    }
  }

  async function createCapped(documentId: string, request: ScheduleRequest, email: string) {
    try {
      return await store.schedules.create(
        documentId,
        request,
        email,
        nextRunAt(request.cadence, request.timeZone, clock.now()),
        MAX_SCHEDULES_PER_DOCUMENT,
      );
    } catch (error) {
      if (!(error instanceof ScheduleCapError)) throw error;
      throw new WorkerError(
        409,
        'too_many_schedules',
        `This document already has ${MAX_SCHEDULES_PER_DOCUMENT} scheduled reports, the most it may have: delete one first.`,
      );
    }
  }

  return routes;
}

/** Whether a changed schedule still writes where it wrote: same tab, place and mode. */
function samePlace(schedule: ScheduleRecord, request: ScheduleRequest): boolean {
  const [was, now] = [schedule.output, request.output];
  return (
    was.sheetName === now.sheetName &&
    was.row === now.row &&
    was.column === now.column &&
    schedule.mode === request.mode &&
    schedule.kind === request.kind
  );
}

/** Deleted between reading and answering: as if it never was. */
function found(schedule: ScheduleRecord | null, id: string): ScheduleRecord {
  if (schedule === null) throw scheduleNotFound(id);
  return schedule;
}
