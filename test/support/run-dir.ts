import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A folder for one whole Jest run, shared by its test workers through TEST_RUN_DIR: where a test
 * file leaves work that others would otherwise redo (the bundle tests' add-on build). The global
 * setup makes it, the global teardown deletes it.
 */
const RUN_DIR_SETTING = 'TEST_RUN_DIR';

export function makeRunDir(): void {
  process.env[RUN_DIR_SETTING] = mkdtempSync(join(tmpdir(), 'creator-sheets-run-'));
}

/** The run's folder; null outside a run that made one (a script loading a test helper). */
export function runDir(): string | null {
  const dir = process.env[RUN_DIR_SETTING] ?? '';
  return dir === '' ? null : dir;
}

export function removeRunDir(): void {
  const dir = runDir();
  if (dir !== null) rmSync(dir, { recursive: true, force: true });
  delete process.env[RUN_DIR_SETTING];
}
