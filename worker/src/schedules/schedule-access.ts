import type { Request } from 'express';
import type { DocumentChangeKind } from '../../../shared/worker-api/formula-allowance';
import { presentedProof, unprovableSentence, type EditAccess } from '../documents/edit-access';
import type { SheetAccess } from '../google/sheet-access';
import type { Identity } from '../identity/identity';
import { parseBody } from '../request-io/parse-body';
import { WorkerError } from '../request-io/worker-error';
import { requireIdentity } from '../identity/identity';
import type { ScheduleRecord } from '../store/schedule-repository';
import type { Store } from '../store/store';
import { normalizeUserEmail } from '../store/values/user-email';
import { scheduleParamsSchema } from './schedule-request';

/** Who may change a schedule, and how changes are told to the document's editors. */
export interface ScheduleAccessDeps {
  store: Pick<Store, 'schedules' | 'keys' | 'documentChanges'>;
  editAccess: EditAccess;
  /** For the sentence that says why nothing could be proven (issue 26). */
  sheetAccess?: SheetAccess | null;
}

/**
 * Proof of edit access for a schedule's route. A schedule the add-on runs (issue 26) lives where
 * the worker may not read the sheet, so nothing can be proven there: it is then trusted to
 * `trusted` alone (who set it up, or for a new one whoever connected the document's formulas,
 * whose budget pays), as formulas are (UNPROVEN_DOCUMENT_KEYS=first). The worker writes nothing
 * into such a sheet: the add-on does, as that person, only where Google lets them.
 */
export async function requireScheduleProof(
  deps: Pick<ScheduleAccessDeps, 'editAccess' | 'sheetAccess'>,
  identity: Identity,
  documentId: string,
  req: Request,
  addOn: { runner?: string; trusted: string | null },
): Promise<void> {
  if (addOn.runner !== 'add-on') {
    await deps.editAccess.require(identity, documentId, presentedProof(req));
    return;
  }
  const state = await deps.editAccess.check(identity, documentId, presentedProof(req));
  if (state === 'proven') return;
  if (addOn.trusted !== null && normalizeUserEmail(addOn.trusted) === normalizeUserEmail(identity.email))
    return;
  const why = await unprovableSentence(deps.sheetAccess ?? null);
  throw new WorkerError(
    403,
    'edit_proof_unavailable',
    `${why} Until then only ${addOn.trusted ?? 'whoever connected its formulas'} can set up or change the schedules this sheet runs itself.`,
  );
}

export function scheduleNotFound(id: string): WorkerError {
  return new WorkerError(404, 'schedule_not_found', `No schedule "${id}"`);
}

/** The schedule of `id`, or the 404 of one that does not exist. */
export async function existingSchedule(store: Pick<Store, 'schedules'>, id: string): Promise<ScheduleRecord> {
  const schedule = await store.schedules.get(id);
  if (schedule === null) throw scheduleNotFound(id);
  return schedule;
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
  const schedule = await existingSchedule(deps.store, id);
  if (proof === 'always' || identity.role !== 'admin') {
    await requireScheduleProof(deps, identity, schedule.documentId, req, {
      runner: schedule.runner,
      trusted: schedule.createdBy,
    });
  }
  if (identity.role === 'admin') return schedule;
  const email = normalizeUserEmail(identity.email);
  if (normalizeUserEmail(schedule.createdBy) === email) return schedule;
  if ((await deps.store.keys.ofDocument(schedule.documentId))?.email === email) return schedule;
  throw scheduleNotFound(id);
}

/**
 * A document's schedules as `identity` may list them: everything to an admin or with proof of edit
 * access; where nothing can be proven (issue 26), the schedules the add-on runs that they set up,
 * and all of those to whoever connected the document's formulas (who pays for them); otherwise
 * the unprovable refusal. Shared by the schedules list and the document status route.
 */
export async function visibleSchedules(
  deps: {
    store: { schedules: Pick<Store['schedules'], 'ofDocument'>; keys: Pick<Store['keys'], 'ofDocument'> };
    editAccess: EditAccess;
  },
  identity: Identity,
  documentId: string,
  req: Request,
): Promise<ScheduleRecord[]> {
  const schedules = await deps.store.schedules.ofDocument(documentId);
  if (identity.role === 'admin') return schedules;
  if ((await deps.editAccess.check(identity, documentId, presentedProof(req))) === 'proven') return schedules;
  const email = normalizeUserEmail(identity.email);
  const connector = (await deps.store.keys.ofDocument(documentId))?.email ?? null;
  const connected = connector !== null && normalizeUserEmail(connector) === email;
  const theirs = schedules.filter(
    (schedule) =>
      schedule.runner === 'add-on' && (connected || normalizeUserEmail(schedule.createdBy) === email),
  );
  if (theirs.length === 0 && !connected) {
    await deps.editAccess.require(identity, documentId, presentedProof(req));
  }
  return theirs;
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
