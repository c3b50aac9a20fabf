import { createHash } from 'node:crypto';
import type { Clock } from '../../common/clock';
import type { LedgerEntry, LedgerEntryInput } from './ledger-repository';
import type { KeptAnswer, LateCall, LateRecording, PaidCallJournal } from './paid-call-journal';
import { SETTLED_KEPT_MS } from './rows/paid-call-rows';
import { isStoreUnavailableError, StoreUnavailableError, type StoreAvailability } from './store-availability';

/**
 * The outage memory of the paid-call journal (issue 23). An answer the API billed may arrive while
 * the store cannot record it (Postgres restarting): dropping it would make the retry buy it again,
 * and the journal would count it at its estimate, unconfirmed. So the journal here keeps such
 * answers in memory, bounded, with the ledger row each would have had, and:
 *
 * - records them once the store answers again (recordLate: once, even if the commit that failed
 *   had in fact gone through, or another instance recovered the call meanwhile);
 * - serves each to the retry of the very same call instead of buying it again (its row is the
 *   first caller's: the retry records nothing), while it waits and for 15 minutes after;
 * - while what waits fills the memory kept for it, refuses new paid calls (`ready`), as a store
 *   that is down does: nothing is bought that could not be paid for once.
 *
 * Only a killed process loses them (the journal then counts the calls at their estimate, and the
 * balance reconciliation settles them).
 */
export interface UnrecordedAnswersJournal extends PaidCallJournal {
  /** Calls whose ledger rows wait in memory. */
  readonly waiting: number;
  /** Records what waits, if the store answers; what is left then. */
  flush(): Promise<number>;
  stop(): void;
}

/** Why a ledger row was not written now: its call waits in memory and is recorded once the store is back. */
export class RecordingDeferred extends Error {
  override readonly name = 'RecordingDeferred';
}

export function isRecordingDeferred(error: unknown): error is RecordingDeferred {
  return error instanceof RecordingDeferred;
}

/** Something worth a log line: rows recorded late, an answer memory could not keep. */
export interface UnrecordedNotice {
  message: string;
  calls: number;
  error?: unknown;
}

interface Options {
  availability: StoreAvailability;
  clock: Clock;
  onNotice?: (notice: UnrecordedNotice) => void;
  /** Characters of answers kept at most (waiting and replayable); 32 Mi by default. */
  maxChars?: number;
  /** How often waiting rows are tried again besides the store's own "back" signal; 5 s. */
  retryMs?: number;
}

const DEFAULT_MAX_CHARS = 32 * 2 ** 20;
const DEFAULT_RETRY_MS = 5000;
/** A call whose row never came (a process path that settles it elsewhere) is let go after this. */
const OPEN_KEPT_MS = 60 * 60 * 1000;

interface Waiting {
  entry: LedgerEntryInput;
  calls: LateCall[];
}

interface Replayable {
  callId: string;
  status: number;
  text: string;
  /** When its row was written; null while it waits. */
  recordedAt: number | null;
}

export function keepUnrecordedAnswers(inner: PaidCallJournal, options: Options): UnrecordedAnswersJournal {
  const { availability, clock } = options;
  const maxChars = options.maxChars ?? DEFAULT_MAX_CHARS;
  const notice = options.onNotice ?? (() => undefined);
  /** Calls between begin and their row: their key, and their answer once it came. */
  const open = new Map<string, { key: string; at: number; answer?: { status: number; text: string } }>();
  const waiting: Waiting[] = [];
  const replays = new Map<string, Replayable>();
  const failLater = new Set<string>();
  let chars = 0;
  let flushing: Promise<number> | null = null;
  let stopped = false;

  const waitingChars = () =>
    waiting.reduce((sum, row) => sum + row.calls.reduce((n, c) => n + c.text.length, 0), 0);

  /** Recorded answers past their keeping time go first, then the oldest recorded, while over the cap. */
  const trim = () => {
    const now = clock.now();
    for (const [id, call] of open) if (now - call.at > OPEN_KEPT_MS) open.delete(id);
    for (const [key, kept] of replays) {
      const expired = kept.recordedAt !== null && now - kept.recordedAt > SETTLED_KEPT_MS;
      if (!expired && (chars <= maxChars || kept.recordedAt === null)) continue;
      replays.delete(key);
      chars -= kept.text.length;
    }
  };

  const keep = (entry: LedgerEntryInput, callIds: readonly string[]): boolean => {
    const calls: LateCall[] = [];
    const keys: string[] = [];
    for (const id of callIds) {
      const call = open.get(id);
      if (call?.answer === undefined) return false;
      calls.push({ id, ...call.answer });
      keys.push(call.key);
    }
    const size = calls.reduce((sum, call) => sum + call.text.length, 0);
    if (waitingChars() + size > maxChars) return false;
    waiting.push({ entry, calls });
    calls.forEach((call, i) => {
      const key = keys[i];
      if (key === undefined || replays.has(key)) return;
      replays.set(key, { callId: call.id, status: call.status, text: call.text, recordedAt: null });
      chars += call.text.length;
    });
    for (const id of callIds) open.delete(id);
    trim();
    return true;
  };

  const recordOne = async (row: Waiting): Promise<LateRecording> =>
    row.calls.length === 0
      ? (await inner.record(row.entry, []), 'recorded')
      : inner.recordLate(row.entry, row.calls);

  const flushNow = async (): Promise<number> => {
    if (availability.problem !== null) return waiting.length;
    for (const id of [...failLater]) {
      try {
        await inner.failed(id);
        failLater.delete(id);
      } catch {
        return waiting.length;
      }
    }
    let recorded = 0;
    while (waiting.length > 0) {
      const row = waiting[0];
      if (row === undefined) break;
      try {
        await recordOne(row);
        recorded += row.calls.length || 1;
      } catch (error) {
        if (isStoreUnavailableError(error)) break;
        notice({
          message: 'a paid call kept during an outage could not be recorded; dropped',
          calls: row.calls.length,
          error,
        });
      }
      waiting.shift();
      const now = clock.now();
      for (const call of row.calls)
        for (const kept of replays.values()) if (kept.callId === call.id) kept.recordedAt = now;
    }
    if (recorded > 0)
      notice({ message: 'paid calls answered during a store outage recorded', calls: recorded });
    trim();
    return waiting.length;
  };

  const flush = (): Promise<number> => {
    flushing ??= flushNow().finally(() => {
      flushing = null;
    });
    return flushing;
  };

  const unsubscribe = availability.onBack(() => void flush());
  const timer = setInterval(() => {
    if (waiting.length > 0 || failLater.size > 0) void flush();
  }, options.retryMs ?? DEFAULT_RETRY_MS);
  timer.unref();

  return {
    get runId() {
      return inner.runId;
    },
    get waiting() {
      return waiting.reduce((sum, row) => sum + Math.max(1, row.calls.length), 0);
    },
    async ready() {
      if (waitingChars() >= maxChars)
        throw new StoreUnavailableError(
          'paid answers waiting to be recorded fill the memory kept for them: no new paid call until the store takes them',
        );
      await inner.ready();
    },
    async begin(intent) {
      const key = keyOf(intent.material);
      const kept = replays.get(key);
      if (kept !== undefined) {
        const replay: KeptAnswer = { status: kept.status, text: kept.text, ledgered: true };
        return { id: kept.callId, replay };
      }
      const begun = await inner.begin(intent);
      const replayed = begun.replay;
      open.set(begun.id, {
        key,
        at: clock.now(),
        ...(replayed === null || replayed.ledgered
          ? {}
          : { answer: { status: replayed.status, text: replayed.text } }),
      });
      return begun;
    },
    async answered(id, status, text) {
      const call = open.get(id);
      if (call !== undefined) call.answer = { status, text };
      await inner.answered(id, status, text);
    },
    committed(callIds) {
      for (const id of callIds) open.delete(id);
      inner.committed(callIds);
    },
    async failed(id) {
      open.delete(id);
      try {
        await inner.failed(id);
      } catch (error) {
        if (!isStoreUnavailableError(error)) throw error;
        // Still `sent` in the store: let go of it once the store is back, or recovery would count it.
        failLater.add(id);
      }
    },
    async record(entry, callIds): Promise<LedgerEntry> {
      try {
        const row = await inner.record(entry, callIds);
        for (const id of callIds) open.delete(id);
        return row;
      } catch (error) {
        if (!isStoreUnavailableError(error) || stopped || !keep(entry, callIds)) {
          for (const id of callIds) open.delete(id);
          throw error;
        }
        throw new RecordingDeferred(
          'the store is not answering: the paid answer is kept in memory and recorded once it is back',
          { cause: error },
        );
      }
    },
    recover: (...args) => inner.recover(...args),
    unrecordedOfJob: (...args) => inner.unrecordedOfJob(...args),
    sweepJob: (...args) => inner.sweepJob(...args),
    recordLate: (...args) => inner.recordLate(...args),
    purge: () => inner.purge(),
    flush,
    stop() {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
    },
  };
}

/** A call's material (it may name e-mail addresses) as a digest, so memory holds no request. */
function keyOf(material: string): string {
  return createHash('sha256').update(material, 'utf8').digest('base64url');
}
