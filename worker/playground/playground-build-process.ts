import { execFile } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from './playground-paths';

/**
 * Runs one playground build (playground-build-child.ts) in a process of its own. Rollup and the
 * TypeScript compiler take some 200 MB that a process keeps once loaded; the Apps Script process
 * lives as long as the worker, a build only seconds, so the build's memory goes back when it ends.
 */

export type PlaygroundBuildJob =
  { kind: 'page'; outDir: string } | { kind: 'addon'; outDir: string; workerUrl: string };

const BUILD_CHILD = path.join(__dirname, 'playground-build-child.ts');

export function runPlaygroundBuild(job: PlaygroundBuildJob): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', BUILD_CHILD, JSON.stringify(job)],
      { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error === null) resolve();
        // The child prints the build's own message (rollup names the file and line) and nothing else.
        else reject(new Error(stderr.trim() === '' ? error.message : stderr.trim()));
      },
    );
  });
}
