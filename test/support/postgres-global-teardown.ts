import type { RunningPostgres } from './postgres-server';

/** Jest's globalTeardown: stops the server postgres-global-setup.ts started, and deletes its files. */
export default async function stopTestPostgres(): Promise<void> {
  const holder = globalThis as { testPostgres?: RunningPostgres };
  await holder.testPostgres?.stop();
  holder.testPostgres = undefined;
}
