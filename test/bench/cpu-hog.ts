import { spawn, type ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';

/**
 * A machine kept busy on purpose (issue 28): processes that spin on the CPU, as many as it has
 * cores times `perCore`, at the same priority as everything else, so that every other process
 * (the workers, their API, Postgres) waits for a core the way it does on a shared host or a
 * throttled Cloud Run instance. Each spins for at most `maxMs` even if never stopped.
 */
export interface CpuHog {
  processes: number;
  stop(): Promise<void>;
}

const SPIN = (maxMs: number) =>
  `const end = Date.now() + ${maxMs}; let x = 0; while (Date.now() < end) x = (x + Math.sqrt(x + 1)) % 1e9;`;

export function startCpuHog(perCore: number, maxMs: number): CpuHog {
  const count = Math.max(1, Math.round(cpus().length * perCore));
  const children: ChildProcess[] = Array.from({ length: count }, () =>
    spawn(process.execPath, ['-e', SPIN(maxMs)], { stdio: 'ignore' }),
  );
  return {
    processes: count,
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGKILL');
            }),
        ),
      );
    },
  };
}
