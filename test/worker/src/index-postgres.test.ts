import { randomBytes } from 'node:crypto';
import { startWorker, type RunningWorker } from '../../../worker/start';
import { freshPostgresDatabase } from './store/store-engines';
import { makeTempDir } from './store/store-fixtures';

/**
 * Issue 16, several instances: workers with DATABASE_URL open one Postgres store between them (no
 * lock on DATA_DIR, which holds nothing of it), and say so when the database cannot be reached.
 */

const started: RunningWorker[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const worker of started.splice(0)) await worker.stop();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function start(env: Record<string, string>): Promise<RunningWorker> {
  const { dir, cleanup } = makeTempDir('creator-sheets-index-pg-');
  cleanups.push(cleanup);
  const worker = await startWorker({
    env: { PORT: '0', SANDBOX_CREATORS: '500', LOG_LEVEL: 'silent', DATA_DIR: dir, ...env },
    print: () => undefined,
    logDestination: { write: () => undefined },
    shutdownGraceMs: 5000,
  });
  started.push(worker);
  return worker;
}

describe('workers on Postgres', () => {
  it('start side by side on one database and are both ready', async () => {
    const database = await freshPostgresDatabase();
    cleanups.push(database.drop);
    const env = { DATABASE_URL: database.url, DATA_SECRET: randomBytes(32).toString('hex') };
    const [first, second] = [await start(env), await start(env)];
    expect(first.deps.store.engine).toBe('postgres');
    for (const worker of [first, second]) {
      const ready = await fetch(`${worker.url}/readyz`);
      expect(ready.status).toBe(200);
    }
    // What one instance stores, the other finds.
    await first.deps.store.budgets.set({ scope: 'team' }, 'day', 25, 'boss@team.com');
    expect((await second.deps.store.budgets.get({ scope: 'team' }, 'day'))?.limit).toBe(25);
  });

  it('refuses to start when the database cannot be reached, naming it without its password', async () => {
    const failure = start({
      DATABASE_URL: 'postgres://worker:s3cret@127.0.0.1:1/creator_sheets',
      DATA_SECRET: randomBytes(32).toString('hex'),
    });
    await expect(failure).rejects.toThrow(
      'the Postgres database at 127.0.0.1:1/creator_sheets (DATABASE_URL) cannot be reached',
    );
    await expect(failure).rejects.not.toThrow(/s3cret/);
  });
});
