import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A test's server in its own process, both sides: the test spawns a TypeScript script with
 * `node --import tsx` (spawnReadyChild), and the script prints one JSON line once it is ready, then
 * runs until told to stop or until the test goes away (announceReady, runChild). Used by the bundle
 * tests' worker (test/addon) and the browser tests' worker (test/browser).
 */

const REPO_ROOT = path.resolve(__dirname, '../..');
/** How much of the child's log an error quotes. */
const LOG_TAIL_CHARS = 20_000;

export interface ReadyChild<T> {
  /** The child's JSON line. */
  ready: T;
  process: ChildProcess;
}

/**
 * Starts `script` (an absolute path) with `env` on top of this process's environment, its stderr
 * appended to `logFile`, and resolves with its first stdout line parsed as JSON. Rejects with the
 * end of the log if the child exits first; `what` names it there ("The playground's worker").
 */
export function spawnReadyChild<T>(
  script: string,
  env: Record<string, string>,
  logFile: string,
  what: string,
): Promise<ReadyChild<T>> {
  // The log goes to a file, never to a pipe: while a test blocks its thread (a fake fetch waiting
  // with Atomics.wait), nobody would drain the pipe, and a child writing a full pipe would stall.
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    // stdin stays open: the child stops when it ends, so a test that dies leaves no orphan.
    stdio: ['pipe', 'pipe', log],
  });
  closeSync(log);
  let stdout = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf('\n');
      if (newline === -1) return;
      child.stdout?.off('data', onData);
      // The child prints nothing more; reading on keeps the pipe from ever filling.
      child.stdout?.resume();
      try {
        resolve({ ready: JSON.parse(stdout.slice(0, newline)) as T, process: child });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(
        new Error(
          `${what} exited with ${String(code)} before it was ready:\n${readFileSync(logFile, 'utf8').slice(-LOG_TAIL_CHARS)}`,
        ),
      ),
    );
  });
}

/** SIGTERM, then SIGKILL if the child has not exited 5 seconds later. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The child's side: prints `ready` as the one JSON line spawnReadyChild waits for, then calls
 * `stop` and exits on SIGTERM, SIGINT or the end of stdin.
 */
export function announceReady(ready: object, stop: () => Promise<void>): void {
  process.stdout.write(`${JSON.stringify(ready)}\n`);
  let stopping = false;
  const onStop = () => {
    if (stopping) return;
    stopping = true;
    void stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', onStop);
  process.once('SIGINT', onStop);
  // A parent that dies without a word closes our stdin: no orphan is left behind.
  process.stdin.on('end', onStop);
  process.stdin.resume();
}

/** Runs the child's `main`; a failure goes to the log (stderr) and exits 1, which the parent reports. */
export function runChild(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
}
