import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import {
  DataDirInUseError,
  lockDataDir,
  type DataDirLock,
} from '../../../../../worker/src/store/sqlite/data-dir-lock';
import { openStore } from '../../../../../worker/src/store/sqlite/sqlite-store';
import { makeTempDir } from '../store-fixtures';

/**
 * Issue 16: a second worker process on the same SQLite data directory refuses to start with a
 * sentence saying why, and a worker killed with SIGKILL leaves no lock behind. Real processes,
 * started as `npm start` starts the worker (worker/start.ts), on a real directory.
 */

const REPO_ROOT = join(__dirname, '../../../../..');
const READY_LINE = /Creator Sheets worker on (http:\/\/\S+)/;

interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const cleanups: (() => void)[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function tempDir(): string {
  const { dir, cleanup } = makeTempDir('creator-sheets-lock-');
  cleanups.push(cleanup);
  return dir;
}

function runWorker(dataDir: string): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', join(REPO_ROOT, 'worker/start.ts')], {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, SANDBOX_CREATORS: '500', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The worker's URL once it says it listens; fails with its output if it exits first. */
async function listening(run: Run): Promise<string> {
  const outcome = await Promise.race([
    new Promise<string>((resolve) => {
      const check = () => {
        const found = READY_LINE.exec(run.output());
        if (found?.[1]) resolve(found[1]);
        else setTimeout(check, 25);
      };
      check();
    }),
    run.exited.then((code) => new Error(`the worker exited (${code}) before it listened:\n${run.output()}`)),
  ]);
  if (outcome instanceof Error) throw outcome;
  return outcome;
}

describe('two worker processes on one data directory', () => {
  it('refuses the second with a sentence naming the first, starts after a kill -9 of the first, and after a clean stop', async () => {
    const dir = tempDir();
    const first = runWorker(dir);
    const url = await listening(first);

    const second = runWorker(dir);
    expect(await second.exited).toBe(1);
    // The whole sentence (a runtime's own warnings may stand beside it).
    expect(second.output()).toContain(
      `Worker: another worker (pid ${first.child.pid}) is using the data directory ${dir}; ` +
        'a worker on SQLite runs as one process: stop that one first, give this one its own DATA_DIR, ' +
        'or set DATABASE_URL (Postgres) to run several workers on one store',
    );
    // The first one serves on, untouched by the attempt.
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    first.child.kill('SIGKILL');
    await first.exited;
    // The pid file still names the dead process: only the lock counts, and it died with it.
    const third = runWorker(dir);
    const thirdUrl = await listening(third);
    expect((await fetch(`${thirdUrl}/readyz`)).status).toBe(200);

    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    const fourth = runWorker(dir);
    await listening(fourth);
    fourth.child.kill('SIGTERM');
    expect(await fourth.exited).toBe(0);
  }, 90_000);
});

describe('lockDataDir', () => {
  const held: DataDirLock[] = [];
  afterEach(() => held.splice(0).forEach((lock) => lock.release()));

  it('refuses a second lock in the same process too, and frees the directory on release', () => {
    const dir = tempDir();
    const lock = lockDataDir(dir);
    held.push(lock);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    lock.release();
    lock.release();
    held.push(lockDataDir(dir));
  });

  it('leaves the store itself open to tools and tests beside the worker that holds the directory', async () => {
    const dir = tempDir();
    held.push(lockDataDir(dir));
    const store = openStore({ dataDir: dir });
    try {
      await expect(store.cache.get('health', 'probe')).resolves.toBeNull();
    } finally {
      store.close();
    }
  });
});
