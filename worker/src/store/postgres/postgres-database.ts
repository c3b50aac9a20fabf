import {
  Client,
  Pool,
  types as pgTypes,
  type CustomTypesConfig,
  type PoolClient,
  type QueryResultRow,
} from 'pg';
import { STORE_UNAVAILABLE_MESSAGE, StoreUnavailableError } from '../store-availability';
import { isConnectionLoss, type ConnectionWatch } from './connection-watch';

/** What a repository runs its statements on: the pool (one statement, autocommit) or a transaction. */
export interface Sql {
  query<R extends QueryResultRow = QueryResultRow>(
    text: string,
    values?: readonly unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }>;
}

type Isolation = 'read committed' | 'repeatable read' | 'serializable';

interface TransactionOptions {
  /** READ COMMITTED by default: row locks (`FOR UPDATE`) and advisory locks do the rest. */
  isolation?: Isolation;
}

/**
 * The pool behind a Postgres store. `transaction` runs `work` on one connection between BEGIN and
 * COMMIT and runs it again when Postgres aborted it for a serialization failure or a deadlock
 * (both say "try again", and two worker processes writing the same rows may meet either): `work`
 * must therefore do nothing but statements on the `Sql` it is given until it returns.
 *
 * A lost connection (the server restarted, a network cut) never ends the process: every client,
 * idle in the pool or checked out, has its errors heard, and a statement that failed for it
 * throws `StoreUnavailableError` (answered 503), its cause attached. The watch, when given,
 * hears every statement's outcome (connection-watch.ts).
 */
export interface PostgresDatabase extends Sql {
  transaction<T>(work: (sql: Sql) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * A connection outside the pool, for what must stay on one session as long as the store is open
   * (a held lock) without taking a connection from the pool's share. Connected; the caller ends it.
   * `onError` hears its failures (a lost connection), which would otherwise end the process.
   */
  session(onError: (error: Error) => void): Promise<Client>;
  /** Waits for the connections in use, then closes them all. */
  close(): Promise<void>;
}

/** Tries in all of a transaction Postgres aborted for a conflict with another one. */
const TRANSACTION_ATTEMPTS = 5;
/** SQLSTATEs that mean "the same transaction again may well succeed". */
const RETRYABLE = new Set(['40001', '40P01']);

/**
 * BIGINT comes back as a number: times are milliseconds since the epoch and credits are counted
 * in thousandths, both far below 2^53. (pg's default is a string, to be safe with any BIGINT.)
 */
const PARSERS: CustomTypesConfig = {
  getTypeParser: (...args: Parameters<typeof pgTypes.getTypeParser>) =>
    args[0] === pgTypes.builtins.INT8 ? parseBigint : pgTypes.getTypeParser(...args),
};

function parseBigint(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`a stored whole number is out of range: ${text}`);
  return value;
}

export interface PostgresPoolOptions {
  url: string;
  /** Connections at most; 10 by default. */
  size?: number;
  /** A connection the pool held idle failed (the server restarted, a network cut): worth a log line. */
  onIdleError?: (error: Error) => void;
  /** Hears whether statements reach the server (the store's availability). */
  watch?: ConnectionWatch;
}

/** A store's requests at once, at most: jobs, formulas and sidebar calls share them. */
const DEFAULT_POOL_SIZE = 10;
/** An unreachable server fails a start or a request in this time instead of hanging it. */
const CONNECT_TIMEOUT_MS = 10_000;

export function createPostgresDatabase(options: PostgresPoolOptions): PostgresDatabase {
  const settings = {
    connectionString: options.url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'creator-sheets-worker',
    types: PARSERS,
  };
  const pool = new Pool({ ...settings, max: options.size ?? DEFAULT_POOL_SIZE });
  const { watch } = options;
  // An idle client's error is emitted on the pool; unheard, it would end the process.
  pool.on('error', (error) => {
    options.onIdleError?.(error);
    watch?.lost(error);
  });
  let closing: Promise<void> | null = null;

  /** The statement's outcome to the watch; a lost connection as StoreUnavailableError. */
  const observed = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      const result = await work();
      watch?.answered();
      return result;
    } catch (error) {
      if (!isConnectionLoss(error)) throw error;
      watch?.lost(error);
      throw new StoreUnavailableError(STORE_UNAVAILABLE_MESSAGE, { cause: error });
    }
  };

  const runOnce = async <T>(work: (sql: Sql) => Promise<T>, isolation: Isolation): Promise<T> => {
    const client = await pool.connect();
    // pg's pool stops listening to a client it hands out: a connection lost while it is checked
    // out (a long transaction, a flight lock held through an upstream call) would emit an
    // 'error' nobody hears, which ends the process. Its query fails all the same.
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
      watch?.lost(error);
    };
    client.on('error', onError);
    try {
      await client.query(`BEGIN ISOLATION LEVEL ${isolation.toUpperCase()}`);
      try {
        const result = await work(asSql(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: unknown) => {
          // A connection that cannot even roll back is not given to the next caller.
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      }
    } catch (error) {
      // A connection lost before or after the work is not given to the next caller either.
      if (isConnectionLoss(error)) broken ??= error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  };

  const poolSql = asSql(pool);
  return {
    query: (text, values) => observed(() => poolSql.query(text, values)),
    async transaction(work, transactionOptions = {}) {
      const isolation = transactionOptions.isolation ?? 'read committed';
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await observed(() => runOnce(work, isolation));
        } catch (error) {
          if (attempt >= TRANSACTION_ATTEMPTS || !RETRYABLE.has(sqlState(error) ?? '')) throw error;
        }
      }
    },
    async session(onError) {
      const client = new Client(settings);
      client.on('error', onError);
      await client.connect();
      return client;
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

/** pg's `query` takes a mutable array of values; the repositories hand over read-only ones. */
function asSql(queryable: Pool | PoolClient): Sql {
  return {
    query: (text, values) => queryable.query(text, values === undefined ? undefined : [...values]),
  };
}

/** The SQLSTATE of a Postgres error (`40001` serialization failure...), or undefined for any other error. */
function sqlState(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) ? error.code : undefined;
}
