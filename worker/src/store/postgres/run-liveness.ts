import { randomBytes } from 'node:crypto';
import type { Client } from 'pg';
import { ADVISORY_LOCKS, lockKeyOf } from './advisory-locks';
import type { PostgresDatabase, Sql } from './postgres-database';

/**
 * Which worker runs are alive, for instances that share one database. Each open Postgres store
 * holds a session advisory lock named after its run id, on a connection of its own, for as long
 * as it is open; Postgres frees it the moment that session ends, by a clean close or because the
 * process was killed (its connection drops). Another instance asks with a try-lock inside its own
 * transaction: granted means the run is gone and what it left (paid calls sent or answered and
 * never recorded) is for the asker to settle, under the lock, so two askers never both do.
 *
 * SQLite needs none of this: one process owns a data directory, and any run id but its own is an
 * earlier run.
 */
export interface RunLock {
  readonly runId: string;
  /** Lets go of the run (its leftovers become anyone's). Idempotent. */
  close(): Promise<void>;
}

/** How often a lost lock connection is tried again: paid calls wait for it (postgres-store.ts). */
const RECONNECT_MS = 1_000;
const RUN_ID_TRIES = 5;

/** A run's key (a collision of two runs' keys only makes a dead run look alive while the other lives). */
const runKey = (runId: string) => lockKeyOf(`run ${runId}`);

/**
 * True when the run is gone, and then held until the caller's transaction ends; false while it is
 * alive or another instance is settling it. Only meaningful inside a transaction.
 */
export async function takeGoneRun(sql: Sql, runId: string): Promise<boolean> {
  const { rows } = await sql.query<{ gone: boolean }>(
    'SELECT pg_try_advisory_xact_lock($1::int, $2::int) AS gone',
    [ADVISORY_LOCKS.run, runKey(runId)],
  );
  return rows[0]?.gone === true;
}

/**
 * A new run of this process, held until close(). A lost connection (the server restarted, the
 * session terminated) is reported and the same run's lock taken again every second: meanwhile
 * the run looks gone to other instances, so `onLost` is the store's cue to send no new paid call
 * until `onHeld` says the lock is back (a call sent then could be taken for a dead run's).
 */
export async function holdRunLock(
  db: PostgresDatabase,
  onLost: (error: Error) => void,
  onHeld: () => void = () => undefined,
): Promise<RunLock> {
  let client: Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const lock = async (runId: string): Promise<boolean> => {
    let session: Client | null = null;
    session = await db.session((error) => {
      if (session !== null) lost(session, error);
    });
    try {
      const { rows } = await session.query<{ held: boolean }>(
        'SELECT pg_try_advisory_lock($1::int, $2::int) AS held',
        [ADVISORY_LOCKS.run, runKey(runId)],
      );
      if (rows[0]?.held === true && !closed) {
        client = session;
        onHeld();
        return true;
      }
    } catch (error) {
      await session.end().catch(() => undefined);
      throw error;
    }
    await session.end().catch(() => undefined);
    return false;
  };

  const lost = (session: Client, error: Error) => {
    if (client !== session || closed) return;
    client = null;
    onLost(error);
    session.end().catch(() => undefined);
    const again = () => {
      retry = null;
      if (closed) return;
      lock(runId).then(
        (held) => {
          if (!held && !closed) retry = setTimeout(again, RECONNECT_MS).unref();
        },
        (reconnectError: unknown) => {
          if (closed) return;
          onLost(reconnectError instanceof Error ? reconnectError : new Error(String(reconnectError)));
          retry = setTimeout(again, RECONNECT_MS).unref();
        },
      );
    };
    retry = setTimeout(again, RECONNECT_MS).unref();
  };

  let runId = '';
  for (let attempt = 1; runId === ''; attempt += 1) {
    const candidate = randomBytes(9).toString('base64url');
    if (await lock(candidate)) runId = candidate;
    else if (attempt >= RUN_ID_TRIES) throw new Error('no run lock could be taken on the database');
  }

  return {
    runId,
    async close() {
      if (closed) return;
      closed = true;
      if (retry !== null) clearTimeout(retry);
      const session = client;
      client = null;
      await session?.end().catch(() => undefined);
    },
  };
}
