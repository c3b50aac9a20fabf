import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { resolveWorkerUrl } from '../../addon/build/worker-url-setting';
import { runDir } from '../support/run-dir';
import { REPO_ROOT } from './build-addon';

/**
 * The add-on for the bundle tests, built once per Jest run instead of once per test file: `rollup
 * -c` type-checks the add-on, about 15 s of CPU each time, and the files differ only in the worker
 * URL (each test's worker has its own port). The run's one build is made with a stand-in URL; each
 * test gets a copy with its worker's URL in place of the stand-in, which bundle.test.ts checks is
 * byte for byte what `rollup -c` makes with that URL.
 */

/** A URL no test's worker has (the .invalid top-level domain never resolves). */
const STAND_IN_URL = 'http://stand-in-worker.invalid:9/';
/** How long a test file waits for the build another file started (a loaded machine is slow). */
const WAIT_MS = 180_000;

/** Code.js, Sidebar.html and appsscript.json calling `workerUrl`, in a fresh temporary folder. */
export async function addonBuiltFor(workerUrl: string): Promise<string> {
  const outDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'creator-sheets-addon-')), 'addon');
  const run = runDir();
  // Outside a Jest run (no run folder to share): a build of its own.
  if (run === null) return built(await rollup({ WORKER_URL: workerUrl, ADDON_OUT_DIR: outDir }), outDir);
  const shared = await sharedBuild(path.join(run, 'addon-build'));
  const url = resolveWorkerUrl(workerUrl).url;
  mkdirSync(outDir);
  let replaced = 0;
  for (const name of readdirSync(shared)) {
    const parts = readFileSync(path.join(shared, name), 'utf8').split(STAND_IN_URL);
    replaced += parts.length - 1;
    writeFileSync(path.join(outDir, name), parts.join(url));
  }
  if (replaced === 0) throw new Error(`The add-on build holds no ${STAND_IN_URL} to replace.`);
  return outDir;
}

interface Outcome {
  ok: boolean;
  output: string;
}

function built(outcome: Outcome, outDir: string): string {
  if (!outcome.ok) throw new Error(`The add-on build failed:\n${outcome.output}`);
  return outDir;
}

/**
 * The run's build in `dir`, made by the first test file to ask (it makes the folder, which no
 * other can make again) while the others wait for the outcome it writes there.
 */
async function sharedBuild(dir: string): Promise<string> {
  const outDir = path.join(dir, 'addon');
  const outcomeFile = path.join(dir, 'outcome.json');
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return built(await waitForOutcome(outcomeFile), outDir);
  }
  const outcome = await rollup({ WORKER_URL: STAND_IN_URL, ADDON_OUT_DIR: outDir });
  // Written whole, then renamed: a waiting file never reads half of it.
  writeFileSync(`${outcomeFile}.part`, JSON.stringify(outcome));
  renameSync(`${outcomeFile}.part`, outcomeFile);
  return built(outcome, outDir);
}

async function waitForOutcome(outcomeFile: string): Promise<Outcome> {
  const deadline = Date.now() + WAIT_MS;
  while (!existsSync(outcomeFile)) {
    if (Date.now() > deadline) {
      throw new Error(`The add-on build another test file started has not ended in ${WAIT_MS / 1000} s.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return JSON.parse(readFileSync(outcomeFile, 'utf8')) as Outcome;
}

/** `rollup -c` without blocking the event loop (the test's worker starts meanwhile). */
function rollup(env: Record<string, string>): Promise<Outcome> {
  const build = spawn(process.execPath, [path.join(REPO_ROOT, 'node_modules/rollup/dist/bin/rollup'), '-c'], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env, FORCE_COLOR: '0', NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  build.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  build.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    build.on('error', (error) => resolve({ ok: false, output: `${output}${error.message}` }));
    build.on('exit', (code) => resolve({ ok: code === 0, output }));
  });
}
