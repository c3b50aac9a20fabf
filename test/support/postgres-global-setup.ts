import { startPostgres, type RunningPostgres } from './postgres-server';

/**
 * Jest's globalSetup: one PostgreSQL server for the whole run, its address handed to every test
 * worker in TEST_POSTGRES_URL (each test file then makes a database of its own:
 * test/worker/src/store/store-engines.ts). A server that cannot start does not stop the run: the
 * reason goes in TEST_POSTGRES_ERROR and every Postgres test fails with it, while the rest run.
 * A TEST_POSTGRES_URL set beforehand (a server of your own) is used as it is.
 */
export default async function startTestPostgres(): Promise<void> {
  if ((process.env.TEST_POSTGRES_URL ?? '') !== '') return;
  try {
    const server = await startPostgres();
    process.env.TEST_POSTGRES_URL = server.adminUrl;
    (globalThis as { testPostgres?: RunningPostgres }).testPostgres = server;
  } catch (error) {
    process.env.TEST_POSTGRES_ERROR = error instanceof Error ? error.message : String(error);
  }
}
