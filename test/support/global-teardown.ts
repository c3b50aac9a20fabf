import stopTestPostgres from './postgres-global-teardown';
import { removeRunDir } from './run-dir';

/** Jest's globalTeardown: undoes global-setup.ts. */
export default async function globalTeardown(): Promise<void> {
  try {
    await stopTestPostgres();
  } finally {
    removeRunDir();
  }
}
