import type { Clock } from '../../../common/clock';
import type { BodyPricer, CallSettlement, PaidCallJournal } from '../paid-call-journal';
import {
  answerContext,
  callReader,
  claimFields,
  countRecovered,
  countUnconfirmed,
  emptyRecoveryReport,
  ENDED_KEPT_MS,
  intentFields,
  keptEntry,
  lateDecision,
  newCallId,
  NO_RUN,
  RECOVERED_KEPT_MS,
  SETTLED_KEPT_MS,
  unconfirmedEntry,
  type CallRow,
} from '../rows/paid-call-rows';
import { toMilliCredits } from '../values/milli-credits';
import type { SealedBox } from '../sealing/sealed-box';
import { availableWithin, type StoreAvailability } from '../store-availability';
import { writeLedgerRow } from './postgres-ledger-repository';
import type { PostgresDatabase, Sql } from './postgres-database';
import { takeGoneRun, type RunLock } from './run-liveness';

/**
 * How long a paid call about to go out waits for the store to be back: this run's lock is taken
 * again within a second of a lost session; a restart takes longer, and the caller gets a 503.
 */
const READY_WAIT_MS = 3000;

/** Kept answers of one call looked at per claim, newest first. */
const CLAIM_CANDIDATES = 5;

/**
 * Ends calls on `sql` (a transaction that writes their ledger rows): `settled` only from sent or
 * answered (a call recovery already recorded stays as it is), `recovered` whatever it was.
 */
export async function settleCalls(
  sql: Sql,
  clock: Clock,
  callIds: readonly string[],
  as: CallSettlement,
): Promise<void> {
  if (callIds.length === 0) return;
  await sql.query(
    as === 'settled'
      ? `UPDATE paid_calls SET state = 'settled', settled_at = $1
         WHERE id = ANY($2::text[]) AND state IN ('sent', 'answered')`
      : "UPDATE paid_calls SET state = 'recovered', settled_at = $1 WHERE id = ANY($2::text[])",
    [clock.now(), callIds],
  );
}

/**
 * The paid-call journal on a store several instances share. On SQLite every run id but this
 * process's is an earlier run; here another id may be an instance at work, whose calls are its
 * own to record. So whatever a run left (calls to recover, kept answers to replay, a job's calls
 * to count) is taken only once that run is gone (run-liveness.ts), under its lock, and rows are
 * locked as they are taken (`FOR UPDATE SKIP LOCKED`): two instances never take the same call.
 */
export function createPostgresPaidCallJournal(
  db: PostgresDatabase,
  clock: Clock,
  box: SealedBox,
  keyed: (text: string) => string,
  run: RunLock,
  availability: StoreAvailability,
): PaidCallJournal {
  const { runId } = run;
  const calls = callReader(box);

  /** Runs other than this one, asked once per transaction: gone (and then held) or not. */
  const goneRuns = (sql: Sql) => {
    const known = new Map<string, Promise<boolean>>();
    return (other: string): Promise<boolean> => {
      if (other === runId) return Promise.resolve(false);
      if (other === NO_RUN) return Promise.resolve(true);
      let gone = known.get(other);
      if (gone === undefined) {
        gone = takeGoneRun(sql, other);
        known.set(other, gone);
      }
      return gone;
    };
  };

  /** The calls of a job, answered and never recorded, that this run or a gone one made. */
  const leftOfJob = async (sql: Sql, jobId: string): Promise<CallRow[]> => {
    const { rows } = await sql.query<CallRow>(
      "SELECT * FROM paid_calls WHERE job_id = $1 AND state = 'answered' ORDER BY sent_at FOR UPDATE SKIP LOCKED",
      [jobId],
    );
    const gone = goneRuns(sql);
    const left: CallRow[] = [];
    for (const row of rows) if (row.run_id === runId || (await gone(row.run_id))) left.push(row);
    return left;
  };

  const endAs = (sql: Sql, id: string, state: string) =>
    sql.query('UPDATE paid_calls SET state = $1, settled_at = $2 WHERE id = $3', [state, clock.now(), id]);

  /** A ledger row for a call recovery or a sweep records, at what its kept body was billed. */
  const recordKept = async (sql: Sql, row: CallRow, price: BodyPricer, state: 'recovered' | 'settled') => {
    const actual = calls.priceOf(row, price);
    await writeLedgerRow(sql, clock, keptEntry(row, actual));
    await endAs(sql, row.id, state);
    return actual.credits;
  };

  const purgeOld = async (sql: Sql) => {
    const now = clock.now();
    await sql.query(
      `UPDATE paid_calls SET sealed_body = NULL WHERE sealed_body IS NOT NULL
         AND ((state = 'settled' AND settled_at < $1) OR (state IN ('recovered', 'reused') AND settled_at < $2))`,
      [now - SETTLED_KEPT_MS, now - RECOVERED_KEPT_MS],
    );
    await sql.query(
      `DELETE FROM paid_calls WHERE state IN ('settled', 'unconfirmed', 'reused', 'recovered')
         AND COALESCE(settled_at, sent_at) < $1`,
      [now - ENDED_KEPT_MS],
    );
  };

  return {
    runId,
    ready: () => availableWithin(availability, READY_WAIT_MS),
    committed: () => undefined,

    begin: (intent) =>
      db.transaction(async (sql) => {
        const fields = claimFields(runId, intent);
        const { key, operation, milli, raw, at } = intentFields(keyed, intent, clock);
        const { rows } = await sql.query<CallRow>(
          `SELECT * FROM paid_calls WHERE call_key = $1 AND run_id <> $2 AND sealed_body IS NOT NULL
             AND state IN ('answered', 'recovered', 'settled')
           ORDER BY answered_at DESC LIMIT ${CLAIM_CANDIDATES} FOR UPDATE SKIP LOCKED`,
          [key, runId],
        );
        const gone = goneRuns(sql);
        for (const row of rows) {
          if (!(await gone(row.run_id))) continue;
          const claimed = calls.claimOf(row);
          if (claimed === null) continue;
          await sql.query(
            `UPDATE paid_calls SET state = $2, run_id = $3, request_id = $4, job_id = $5, user_email = $6,
               document_id = $7 WHERE id = $1`,
            [claimed.id, claimed.state, fields.run, fields.request, fields.job, fields.user, fields.document],
          );
          return { id: claimed.id, replay: claimed.replay };
        }
        const id = newCallId();
        await sql.query(
          `INSERT INTO paid_calls (id, call_key, state, operation_id, user_email, request_id, job_id,
             document_id, estimated_milli, estimated_raw, run_id, sent_at)
           VALUES ($1, $2, 'sent', $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
          [
            id,
            key,
            operation,
            fields.user,
            fields.request,
            fields.job,
            fields.document,
            milli,
            raw,
            runId,
            at,
          ],
        );
        return { id, replay: null };
      }),

    async answered(id, status, text) {
      await db.query(
        `UPDATE paid_calls SET state = 'answered', answered_at = $1, status = $2, sealed_body = $3
         WHERE id = $4 AND state = 'sent'`,
        [clock.now(), status, box.seal(text, answerContext(id)), id],
      );
    },

    async failed(id) {
      await db.query("DELETE FROM paid_calls WHERE id = $1 AND state = 'sent'", [id]);
    },

    record: (entry, callIds) =>
      db.transaction(async (sql) => {
        const row = await writeLedgerRow(sql, clock, entry);
        await settleCalls(sql, clock, callIds, 'settled');
        return row;
      }),

    recover: (unfinishedJobs, price, sentBefore = Number.MAX_SAFE_INTEGER) =>
      db.transaction(async (sql) => {
        const report = emptyRecoveryReport();
        const { rows } = await sql.query<CallRow>(
          `SELECT * FROM paid_calls WHERE run_id <> $1 AND state IN ('sent', 'answered') AND sent_at <= $2
           ORDER BY sent_at FOR UPDATE SKIP LOCKED`,
          [runId, sentBefore],
        );
        const gone = goneRuns(sql);
        for (const row of rows) {
          if (!(await gone(row.run_id))) continue;
          if (row.state === 'sent') {
            await writeLedgerRow(sql, clock, unconfirmedEntry(row));
            await endAs(sql, row.id, 'unconfirmed');
            countUnconfirmed(report, row);
          } else if (row.job_id !== null && unfinishedJobs.has(row.job_id)) {
            report.leftForJobs += 1;
          } else {
            countRecovered(report, await recordKept(sql, row, price, 'recovered'));
          }
        }
        await purgeOld(sql);
        return report;
      }),

    // Read in a transaction only to hold the gone runs while asking: nothing is written here.
    unrecordedOfJob: (jobId, price) =>
      db.transaction(async (sql) => calls.chargesOf(await leftOfJob(sql, jobId), price)),

    sweepJob: (jobId, price) =>
      db.transaction(async (sql) => {
        const rows = await leftOfJob(sql, jobId);
        for (const row of rows) await recordKept(sql, row, price, 'settled');
        return rows.length;
      }),

    recordLate: (entry, late) =>
      db.transaction(async (sql) => {
        const ids = late.map((call) => call.id);
        const { rows } = await sql.query<{ id: string; state: string }>(
          'SELECT id, state FROM paid_calls WHERE id = ANY($1::text[]) FOR UPDATE',
          [ids],
        );
        const states = new Map(rows.map((row) => [row.id, row.state]));
        const decision = lateDecision(
          entry,
          ids.map((id) => states.get(id)),
        );
        const now = clock.now();
        if (decision === 'recorded') {
          await writeLedgerRow(sql, clock, entry);
          for (const call of late)
            await sql.query(
              `UPDATE paid_calls SET state = 'settled', settled_at = $1, answered_at = COALESCE(answered_at, $1),
                 status = $2, sealed_body = COALESCE(sealed_body, $3), run_id = $5
               WHERE id = $4 AND state IN ('sent', 'answered')`,
              [now, call.status, box.seal(call.text, answerContext(call.id)), call.id, NO_RUN],
            );
        } else if (decision === 'corrected') {
          await sql.query(
            'UPDATE ledger SET actual_milli = $1, raw_requests = $2, unconfirmed = 0 WHERE call_id = $3 AND unconfirmed = 1',
            [toMilliCredits(entry.actualCredits), entry.rawRequests ?? 0, ids[0]],
          );
        }
        return decision;
      }),

    purge: () => db.transaction(purgeOld),
  };
}
