import type { Request } from 'express';
import type { DocumentChangeKind } from '../../../shared/worker-api/formula-allowance';
import { presentedProof, type EditAccess } from '../documents/edit-access';
import { parseBody } from '../http/parse-body';
import { WorkerError } from '../http/worker-error';
import { requireIdentity } from '../identity/identity';
import type { ScheduleRecord } from '../store/schedule-repository';
import type { Store } from '../store/store';
import { normalizeUserEmail } from '../store/user-email';
import { scheduleParamsSchema } from './schedule-request';

/** Who may change a schedule, and how changes are told to the document's editors. */
export interface ScheduleAccessDeps {
  store: Pick<Store, 'schedules' | 'keys' | 'documentChanges'>;
  editAccess: EditAccess;
}

export function scheduleNotFound(id: string): WorkerError {
  return new WorkerError(404, 'schedule_not_found', `No schedule "${id}"`);
}

/**
 * The schedule of `:id` if the caller may change it: with proof that they can edit its
 * spreadsheet (`always`, or for everyone but admins: `members`), and as who set it up, who
 * connected the document, or an admin; 404 otherwise, as for one that does not exist.
 */
export async function changeableSchedule(
  deps: ScheduleAccessDeps,
  req: Request,
  proof: 'always' | 'members',
): Promise<ScheduleRecord> {
  const identity = requireIdentity(req);
  const { id } = parseBody(scheduleParamsSchema, { ...req.params });
  const schedule = await deps.store.schedules.get(id);
  if (schedule === null) throw scheduleNotFound(id);
  if (proof === 'always' || identity.role !== 'admin') {
    await deps.editAccess.require(identity, schedule.documentId, presentedProof(req));
  }
  if (identity.role === 'admin') return schedule;
  const email = normalizeUserEmail(identity.email);
  if (normalizeUserEmail(schedule.createdBy) === email) return schedule;
  if ((await deps.store.keys.ofDocument(schedule.documentId))?.email === email) return schedule;
  throw scheduleNotFound(id);
}

/** A change every editor of the document sees in Settings: "ana@team.com paused the schedule "X"." */
export function recordScheduleChange(
  store: Pick<Store, 'documentChanges'>,
  schedule: Pick<ScheduleRecord, 'documentId' | 'name'>,
  by: string,
  kind: DocumentChangeKind,
  what: string,
): Promise<void> {
  return store.documentChanges.record(
    schedule.documentId,
    by,
    kind,
    `${by} ${what} the schedule "${schedule.name}".`,
  );
}
