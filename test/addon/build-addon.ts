import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '../..');
const ROLLUP = path.join(REPO_ROOT, 'node_modules/rollup/dist/bin/rollup');

export interface BuildResult {
  status: number | null;
  outDir: string;
  output: string;
}

/**
 * Runs the real build (`rollup -c`, as `npm run build` does) into a fresh temporary folder, so a
 * test checks exactly what clasp would push, with a worker URL of its choosing.
 */
export function buildAddon(env: Record<string, string | undefined>): BuildResult {
  const outDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'creator-sheets-addon-')), 'addon');
  const result = spawnSync(process.execPath, [ROLLUP, '-c'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, ADDON_OUT_DIR: outDir, FORCE_COLOR: '0', NO_COLOR: '1' },
    encoding: 'utf8',
  });
  return { status: result.status, outDir, output: `${result.stdout}${result.stderr}` };
}
