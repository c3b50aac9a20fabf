import startTestPostgres from './postgres-global-setup';
import { makeRunDir } from './run-dir';

/** Jest's globalSetup: the run's shared folder (run-dir.ts), then its PostgreSQL server. */
export default async function globalSetup(): Promise<void> {
  makeRunDir();
  await startTestPostgres();
}
