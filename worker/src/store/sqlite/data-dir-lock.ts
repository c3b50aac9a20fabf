import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * One worker process per SQLite data directory. Single flight, the upstream throttle, budget holds,
 * job ownership and cancel live in the worker's memory: two processes on one directory pay twice
 * for the same data, draw 429s from each other's share of the rate limit and run each other's
 * jobs. So the worker that serves a directory holds a lock on it, and a second one refuses to
 * start, saying why.
 *
 * The lock is SQLite's own: a small database file of its own, opened in exclusive locking mode
 * and written once, holds a write lock (an fcntl lock on the file) until the connection closes.
 * The operating system drops such a lock when its process dies, however it dies (kill -9
 * included), so a crash never leaves a stale lock to clean up by hand; a pid file beside it only
 * names the holder in the message. fcntl locks hold between processes on one machine's disk, not
 * across machines on a network share, which is one more reason several instances need Postgres.
 *
 * Taken where `npm start` serves a directory (serveWorker), not in openStore: tools and tests
 * that read a store beside a running worker, or open it twice to simulate a restart, still may.
 */

const DATA_DIR_LOCK_FILE = 'worker.lock';
/** The holder's process id, for the message only: the lock itself is what counts. */
export const DATA_DIR_PID_FILE = 'worker.pid';

export interface DataDirLock {
  /** Lets the next worker start on the directory. Idempotent. */
  release(): void;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | null,
  ) {
    super(
      `Worker: another worker${holderPid === null ? '' : ` (pid ${holderPid})`} is using the data directory ${dataDir}; ` +
        'a worker on SQLite runs as one process: stop that one first, give this one its own DATA_DIR, ' +
        'or set DATABASE_URL (Postgres) to run several workers on one store',
    );
    this.name = 'DataDirInUseError';
  }
}

export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // timeout 0: a held lock answers SQLITE_BUSY at once instead of after better-sqlite3's 5 s.
  const lockFile = join(dataDir, DATA_DIR_LOCK_FILE);
  const db = new Database(lockFile, { timeout: 0 });
  try {
    // No journal file beside it: the one write below only has to take the lock.
    db.pragma('journal_mode = MEMORY');
    db.pragma('locking_mode = EXCLUSIVE');
    // In exclusive locking mode the lock a write takes is kept until the connection closes; the
    // pid written is only what makes it a write (nobody can read it while the lock is held).
    db.exec(`BEGIN EXCLUSIVE;
      CREATE TABLE IF NOT EXISTS holder (pid INTEGER NOT NULL);
      DELETE FROM holder;
      INSERT INTO holder (pid) VALUES (${process.pid});
      COMMIT;`);
    chmodSync(lockFile, 0o600);
  } catch (error) {
    db.close();
    if (isBusy(error)) throw new DataDirInUseError(dataDir, holderPid(dataDir));
    throw error;
  }
  const pidFile = join(dataDir, DATA_DIR_PID_FILE);
  writeFileSync(pidFile, `${process.pid}\n`, { mode: 0o600 });
  return {
    release() {
      if (!db.open) return;
      if (holderPid(dataDir) === process.pid) rmSync(pidFile, { force: true });
      db.close();
    },
  };
}

function holderPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(join(dataDir, DATA_DIR_PID_FILE), 'utf8').trim());
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isBusy(error: unknown): boolean {
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}
