import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Benchmarks run servers as separate processes, as users run them: start-up time and resident
 * memory are then the server's own, not the benchmark's. `node --import tsx` keeps it one process,
 * so /proc/<pid>/status is the server's memory.
 */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Chunks of output kept once a child is up. */
const KEPT_CHUNKS = 200;

export interface StartedProcess {
  child: ChildProcess;
  /** Milliseconds from spawn to the line that says the server listens. */
  startupMs: number;
  output: string[];
  stop(): Promise<void>;
}

export function startTsProcess(
  entry: string,
  env: Record<string, string>,
  readyLine: RegExp,
  timeoutMs = 60_000,
  /** Node's own flags, before the entry (`--cpu-prof`, `--heap-prof`). */
  nodeArgs: readonly string[] = [],
): Promise<StartedProcess> {
  return startNodeProcess(
    [...nodeArgs, '--import', 'tsx', path.join(REPO_ROOT, entry)],
    env,
    readyLine,
    timeoutMs,
  );
}

/** `node ARGS` from the repository's root (compiled JavaScript, as a host runs it), ready at `readyLine`. */
export function startNodeProcess(
  args: string[],
  env: Record<string, string>,
  readyLine: RegExp,
  timeoutMs = 60_000,
): Promise<StartedProcess> {
  const entry = args.join(' ');
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const stop = () =>
    new Promise<void>((resolve) => {
      // A child killed by a signal (SIGKILL in the crash benches) has no exit code, only its signal.
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${entry} did not start within ${timeoutMs} ms:\n${output.join('')}`));
    }, timeoutMs);
    let ready = false;
    // Output is read for as long as the child runs (a child writing to a full pipe would stall);
    // after start-up only the last KEPT_CHUNKS are kept, for the warnings that explain a number.
    const keep = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (ready && output.length > KEPT_CHUNKS) output.splice(0, output.length - KEPT_CHUNKS);
    };
    child.stdout?.on('data', (chunk: Buffer) => {
      keep(chunk);
      if (!ready && readyLine.test(output.join(''))) {
        ready = true;
        clearTimeout(timer);
        resolve({ child, startupMs: performance.now() - started, output, stop });
      }
    });
    child.stderr?.on('data', keep);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${entry} exited with ${code} before it was ready:\n${output.join('')}`));
    });
  });
}

/** Resident memory of a process in MB (Linux: VmRSS of /proc/<pid>/status). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) / 1024;
}

let built = false;

/** `tsc -b tsconfig.worker.json`, as `npm start` runs it first; once per bench run. */
export function buildWorker(): void {
  if (built) return;
  const result = spawnSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/typescript/bin/tsc'), '-b', 'tsconfig.worker.json'],
    { cwd: REPO_ROOT, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`the worker's build failed:\n${result.stdout}${result.stderr}`);
  built = true;
}

/** CPU time a process has used so far, user and system, in ms (Linux: /proc/<pid>/stat). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** USER_HZ: 100 on every Linux this runs on (`getconf CLK_TCK`). */
const CLOCK_TICKS_PER_SECOND = 100;
