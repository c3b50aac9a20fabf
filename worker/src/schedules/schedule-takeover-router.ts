import { served, type ServedRoute } from '../request-io/served-route';
import type { Logger } from 'pino';
import { orphanedReason } from '../../../shared/worker-api/schedule-runs/schedule-orphan';
import type { Clock } from '../../common/clock';
import { sendMail } from '../alerts/smtp-client';
import type { EditAccess } from '../documents/edit-access';
import type { SheetAccess } from '../google/sheet-access';
import { WorkerError } from '../request-io/worker-error';
import { requireIdentity } from '../identity/identity';
import { scheduleAnswer } from '../store/rows/schedule-rows';
import type { ScheduleRecord } from '../store/schedule-repository';
import type { Store } from '../store/store';
import { normalizeUserEmail } from '../store/values/user-email';
import { existingSchedule, requireScheduleProof, scheduleNotFound } from './schedule-access';
import type { AlertSenders } from './schedule-alerts';
import { scheduleParamsSchema } from './schedule-request';

interface TakeoverRouterOptions {
  store: Pick<Store, 'schedules' | 'keys' | 'documentChanges'>;
  editAccess: EditAccess;
  sheetAccess: SheetAccess | null;
  clock: Clock;
  /** To tell the person it was taken from by e-mail, when the worker has SMTP settings. */
  alerts: AlertSenders;
  logger: Pick<Logger, 'warn'>;
}

/**
 * `POST /api/schedules/:id/takeover` (issue 26): in a domain where nothing can be proven, a
 * schedule the add-on runs stops when the person who set it up leaves (loses edit access, or their
 * trigger is gone), and they cannot hand it over. Whoever connected the document's formulas (who
 * pays for it, and whom schedule-access.ts already trusts there), or an editor who proves edit
 * access, may then take it over: it runs from their trigger, as them. Never silently, and never
 * while it still runs: only once it is orphaned (shared/worker-api/schedule-orphan.ts), recorded
 * for every editor in Settings, and told to the person it was taken from.
 */
export function scheduleTakeoverRoutes(options: TakeoverRouterOptions): ServedRoute[] {
  const { store, clock } = options;
  return [
    served(
      'takeOverSchedule',
      { params: scheduleParamsSchema },
      {
        handle: async ({ params: { id } }, req, res) => {
          const identity = requireIdentity(req);
          const schedule = await existingSchedule(store, id);
          const connector = (await store.keys.ofDocument(schedule.documentId))?.email ?? null;
          await requireScheduleProof(options, identity, schedule.documentId, req, {
            runner: schedule.runner,
            trusted: connector,
          });
          const taker = normalizeUserEmail(identity.email);
          const reason = takeoverReason(schedule, taker, clock.now());
          const taken = await store.schedules.handOver(schedule.id, taker);
          if (taken === null) throw scheduleNotFound(id);
          const what = `${taker} took over the schedule "${schedule.name}" from ${schedule.createdBy}: ${reason}. It runs from ${taker}'s trigger, as them, from now on.`;
          await store.documentChanges.record(schedule.documentId, taker, 'schedule-handed-over', what);
          await tellPreviousOwner(options, schedule, what);
          res.set('Cache-Control', 'no-store').json(scheduleAnswer(taken));
        },
      },
    ),
  ];
}

/** Why `taker` may take it over now; 409 in words otherwise. */
function takeoverReason(schedule: ScheduleRecord, taker: string, now: number): string {
  if (schedule.runner !== 'add-on') {
    throw new WorkerError(
      409,
      'worker_runs_it',
      `The worker runs the schedule "${schedule.name}" itself: nobody's trigger to take over. Ask ${schedule.createdBy} to hand it over.`,
    );
  }
  if (normalizeUserEmail(schedule.createdBy) === taker) {
    throw new WorkerError(409, 'already_theirs', `${taker} already runs the schedule "${schedule.name}".`);
  }
  const reason = orphanedReason(schedule, now);
  if (reason === null) {
    throw new WorkerError(
      409,
      'owner_still_runs_it',
      `${schedule.createdBy}'s trigger still runs the schedule "${schedule.name}": ask them to hand it over. It may be taken over once it is paused after failed runs, or 6 hours overdue.`,
    );
  }
  return reason;
}

async function tellPreviousOwner(
  options: Pick<TakeoverRouterOptions, 'alerts' | 'logger'>,
  schedule: ScheduleRecord,
  what: string,
): Promise<void> {
  const { smtp } = options.alerts;
  if (smtp === null) return;
  const send =
    options.alerts.sendMail ?? ((settings, message) => sendMail(settings, message, options.alerts.mail));
  try {
    await send(smtp, {
      to: [schedule.createdBy],
      subject: `Creator Sheets: "${schedule.name}" was taken over`,
      text: `${what}\nThe spreadsheet: https://docs.google.com/spreadsheets/d/${schedule.documentId}/edit`,
    });
  } catch {
    options.logger.warn({ schedule: schedule.id }, 'takeover e-mail not delivered');
  }
}
