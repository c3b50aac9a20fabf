import type { AvailabilityState } from '../store-availability';

/**
 * Watches the connection to Postgres for the store's availability (store-availability.ts): any
 * statement failing for a lost connection marks the database down, any succeeding marks it up,
 * and while it is down a trivial statement is tried every second, so that the store comes back on
 * its own (no restart) the moment the server answers again, even when nothing else asks.
 */
export interface ConnectionWatch {
  /** A statement or a connection failed for a lost connection. */
  lost(error: unknown): void;
  /** A statement succeeded. */
  answered(): void;
  stop(): void;
}

const PROBE_EVERY_MS = 1000;
const CONDITION = 'database';

export function createConnectionWatch(
  state: AvailabilityState,
  probe: () => Promise<unknown>,
  everyMs: number = PROBE_EVERY_MS,
): ConnectionWatch {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const probeLater = () => {
    if (timer !== null || stopped) return;
    timer = setTimeout(() => {
      // Each statement reports its own outcome (PostgresDatabase), this one included.
      probe().then(
        () => {
          timer = null;
        },
        () => {
          timer = null;
          if (state.problem !== null) probeLater();
        },
      );
    }, everyMs);
    timer.unref();
  };
  return {
    lost(error) {
      state.failing(CONDITION, `the database connection failed: ${describe(error)}`);
      probeLater();
    },
    answered() {
      state.fine(CONDITION);
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}

/** A short reason for a log line: the SQLSTATE or system code and pg's message (never the URL). */
function describe(error: unknown): string {
  if (typeof error !== 'object' || error === null) return String(error);
  const { code, message } = error as { code?: unknown; message?: unknown };
  return `${typeof code === 'string' ? `${code} ` : ''}${typeof message === 'string' ? message : String(error)}`;
}

/** SQLSTATEs of a lost or refused connection: class 08, the server shutting down or starting, too many. */
const CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** Node's codes for a socket that could not connect or broke. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
/** pg's own words for a connection that ended or never came (it sets no code on them). */
const PG_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'is not queryable',
  'Cannot use a pool after calling end',
];

/**
 * Whether `error` (or what caused it) says the connection to the server is lost, not the statement
 * wrong. Read by its fields, not `instanceof`: Node's socket errors may come from another realm.
 */
export function isConnectionLoss(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; typeof current === 'object' && current !== null && depth < 5; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    const text = typeof code === 'string' ? code : '';
    if (CONNECTION_STATES.has(text) || text.startsWith('08') || SOCKET_CODES.has(text)) return true;
    if (typeof message === 'string' && PG_CONNECTION_MESSAGES.some((words) => message.includes(words)))
      return true;
    current = cause;
  }
  return false;
}
