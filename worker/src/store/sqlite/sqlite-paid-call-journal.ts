import { randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import type { LedgerEntry, LedgerEntryInput } from '../ledger-repository';
import { createLedgerWriter } from './sqlite-ledger-repository';
import { toMilliCredits } from '../values/milli-credits';
import type { SealedBox } from '../sealing/sealed-box';
import type {
  PaidCallJournal,
  PaidCallIntent,
  KeptAnswer,
  BodyPricer,
  RecoveryReport,
  LateCall,
  LateRecording,
  CallSettlement,
} from '../paid-call-journal';
import {
  callReader,
  type CallRow,
  SETTLED_KEPT_MS,
  RECOVERED_KEPT_MS,
  ENDED_KEPT_MS,
  claimFields,
  callKeyOf,
  newCallId,
  intentFields,
  keptEntry,
  emptyRecoveryReport,
  unconfirmedEntry,
  countUnconfirmed,
  countRecovered,
  NO_RUN,
  lateDecision,
  answerContext,
} from '../rows/paid-call-rows';

/**
 * `keyed`: an HMAC under the data directory's secret (the store's e-mail cache key, given a prefix
 * of its own), so a call key reveals nothing of the request it names.
 */
export function createSqlitePaidCallJournal(
  db: Database.Database,
  clock: Clock,
  box: SealedBox,
  keyed: (text: string) => string,
): PaidCallJournal {
  const runId = randomBytes(9).toString('base64url');
  const writeLedger = createLedgerWriter(db, clock);
  const settleCalls = createCallSettler(db, clock);
  const calls = callReader(box);

  const claimable = db.prepare<[string, string], CallRow>(
    `SELECT * FROM paid_calls WHERE call_key = ? AND run_id != ? AND sealed_body IS NOT NULL
       AND state IN ('answered', 'recovered', 'settled')
     ORDER BY answered_at DESC LIMIT 1`,
  );
  const claim = db.prepare(
    `UPDATE paid_calls SET state = @state, run_id = @run, request_id = @request, job_id = @job,
       user_email = @user, document_id = @document WHERE id = @id AND state = @was`,
  );
  const insert = db.prepare(
    `INSERT INTO paid_calls (id, call_key, state, operation_id, user_email, request_id, job_id,
       document_id, estimated_milli, estimated_raw, run_id, sent_at)
     VALUES (@id, @key, 'sent', @operation, @user, @request, @job, @document, @milli, @raw, @run, @at)`,
  );
  const markAnswered = db.prepare<[number, number, Buffer, string]>(
    `UPDATE paid_calls SET state = 'answered', answered_at = ?, status = ?, sealed_body = ?
     WHERE id = ? AND state = 'sent'`,
  );
  const remove = db.prepare<[string]>("DELETE FROM paid_calls WHERE id = ? AND state = 'sent'");
  const leftover = db.prepare<[string, number], CallRow>(
    "SELECT * FROM paid_calls WHERE run_id != ? AND state IN ('sent', 'answered') AND sent_at <= ? ORDER BY sent_at",
  );
  const ofJob = db.prepare<[string], CallRow>(
    "SELECT * FROM paid_calls WHERE job_id = ? AND state = 'answered' ORDER BY sent_at",
  );
  const endAs = db.prepare<[string, number, string]>(
    'UPDATE paid_calls SET state = ?, settled_at = ? WHERE id = ?',
  );
  const forgetBodies = db.prepare<[number, number]>(
    `UPDATE paid_calls SET sealed_body = NULL WHERE sealed_body IS NOT NULL
       AND ((state = 'settled' AND settled_at < ?) OR (state IN ('recovered', 'reused') AND settled_at < ?))`,
  );
  const purge = db.prepare<[number]>(
    `DELETE FROM paid_calls WHERE state IN ('settled', 'unconfirmed', 'reused', 'recovered')
     AND COALESCE(settled_at, sent_at) < ?`,
  );

  const purgeOld = () => {
    const now = clock.now();
    forgetBodies.run(now - SETTLED_KEPT_MS, now - RECOVERED_KEPT_MS);
    purge.run(now - ENDED_KEPT_MS);
  };

  const begin = db.transaction((intent: PaidCallIntent): { id: string; replay: KeptAnswer | null } => {
    const fields = claimFields(runId, intent);
    const kept = claimable.get(callKeyOf(keyed, intent.material), runId);
    const claimed = kept === undefined ? null : calls.claimOf(kept);
    if (
      claimed !== null &&
      claim.run({ ...fields, id: claimed.id, state: claimed.state, was: claimed.was }).changes === 1
    ) {
      return { id: claimed.id, replay: claimed.replay };
    }
    const id = newCallId();
    insert.run({ ...fields, ...intentFields(keyed, intent, clock), id });
    return { id, replay: null };
  });

  const record = db.transaction((entry: LedgerEntryInput, callIds: readonly string[]): LedgerEntry => {
    const row = writeLedger(entry);
    settleCalls(callIds, 'settled');
    return row;
  });

  /** A ledger row for a call recovery or a sweep records, at what its kept body was billed. */
  const recordKept = (row: CallRow, price: BodyPricer, state: 'recovered' | 'settled'): number => {
    const actual = calls.priceOf(row, price);
    writeLedger(keptEntry(row, actual));
    endAs.run(state, clock.now(), row.id);
    return actual.credits;
  };

  const recover = db.transaction(
    (unfinishedJobs: ReadonlySet<string>, price: BodyPricer, sentBefore: number): RecoveryReport => {
      const report = emptyRecoveryReport();
      for (const row of leftover.all(runId, sentBefore)) {
        if (row.state === 'sent') {
          writeLedger(unconfirmedEntry(row));
          endAs.run('unconfirmed', clock.now(), row.id);
          countUnconfirmed(report, row);
        } else if (row.job_id !== null && unfinishedJobs.has(row.job_id)) {
          report.leftForJobs += 1;
        } else {
          countRecovered(report, recordKept(row, price, 'recovered'));
        }
      }
      purgeOld();
      return report;
    },
  );

  const stateOf = db.prepare<[string], { state: string }>('SELECT state FROM paid_calls WHERE id = ?');
  const settleWithBody = db.prepare<[number, number, number, Buffer, string]>(
    `UPDATE paid_calls SET state = 'settled', settled_at = ?, answered_at = COALESCE(answered_at, ?),
       status = ?, sealed_body = COALESCE(sealed_body, ?), run_id = '${NO_RUN}'
     WHERE id = ? AND state IN ('sent', 'answered')`,
  );
  const correctUnconfirmed = db.prepare<[number, number, string]>(
    'UPDATE ledger SET actual_milli = ?, raw_requests = ?, unconfirmed = 0 WHERE call_id = ? AND unconfirmed = 1',
  );
  const recordLate = db.transaction((entry: LedgerEntryInput, late: readonly LateCall[]): LateRecording => {
    const decision = lateDecision(
      entry,
      late.map((call) => stateOf.get(call.id)?.state),
    );
    const now = clock.now();
    if (decision === 'recorded') {
      writeLedger(entry);
      for (const call of late)
        settleWithBody.run(now, now, call.status, box.seal(call.text, answerContext(call.id)), call.id);
    } else if (decision === 'corrected') {
      const [call] = late;
      if (call !== undefined)
        correctUnconfirmed.run(toMilliCredits(entry.actualCredits), entry.rawRequests ?? 0, call.id);
    }
    return decision;
  });

  const sweepJob = db.transaction((jobId: string, price: BodyPricer): number => {
    let swept = 0;
    for (const row of ofJob.all(jobId)) {
      recordKept(row, price, 'settled');
      swept += 1;
    }
    return swept;
  });

  return {
    runId,
    // A file on a local disk: nothing to wait for, nothing kept in memory.
    ready: async () => undefined,
    committed: () => undefined,
    begin: async (intent) => begin(intent),
    async answered(id, status, text) {
      markAnswered.run(clock.now(), status, box.seal(text, answerContext(id)), id);
    },
    async failed(id) {
      remove.run(id);
    },
    record: async (entry, callIds) => record(entry, callIds),
    recover: async (unfinishedJobs, price, sentBefore = Number.MAX_SAFE_INTEGER) =>
      recover(unfinishedJobs, price, sentBefore),
    // The runner resumes a job only when no run of it is under way: every answered call of the
    // job was left by a run that ended without committing it.
    unrecordedOfJob: async (jobId, price) => calls.chargesOf(ofJob.all(jobId), price),
    sweepJob: async (jobId, price) => sweepJob(jobId, price),
    recordLate: async (entry, late) => recordLate(entry, late),
    purge: async () => purgeOld(),
  };
}

/**
 * Ends calls inside whatever transaction is open: `settled` only from sent or answered (a call
 * recovery already recorded stays as it is), `recovered` whatever it was.
 */
export function createCallSettler(
  db: Database.Database,
  clock: Clock,
): (callIds: readonly string[], as: CallSettlement) => void {
  const markSettled = db.prepare<[number, string]>(
    `UPDATE paid_calls SET state = 'settled', settled_at = ? WHERE id = ? AND state IN ('sent', 'answered')`,
  );
  const markRecovered = db.prepare<[number, string]>(
    "UPDATE paid_calls SET state = 'recovered', settled_at = ? WHERE id = ?",
  );
  return (callIds, as) => {
    const now = clock.now();
    const mark = as === 'settled' ? markSettled : markRecovered;
    for (const id of callIds) mark.run(now, id);
  };
}
