import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Benchmarks run servers as separate processes, as users run them: start-up time and resident
 * memory are then the server's own, not the benchmark's. `node --import tsx` keeps it one process,
 * so /proc/<pid>/status is the server's memory.
 */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

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
): Promise<StartedProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, entry)], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${entry} did not start within ${timeoutMs} ms:\n${output.join('')}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output.push(text);
      if (readyLine.test(output.join(''))) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve({ child, startupMs: performance.now() - started, output, stop });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
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
