/**
 * Run as a child process by job-crash.test.ts: a worker's job machinery (store in DATA_DIR, the
 * recovery at start, the upstream client against the test's sandbox over loopback, the job runner) working through one
 * e-mail enrichment job. Prints "committed <index>" after each commit. With a kill point, it
 * prints "fetched <index>" once that batch's work is done but before its commit, and waits there
 * for the SIGKILL. Started again on the same DATA_DIR, it resumes the job.
 *
 * argv: data dir, sandbox URL, inputs file (JSON array of cells), log file, batch to stop at (-1: none).
 * env: CRASH_CHILD_ENV, the worker settings as JSON.
 */
import { readFileSync } from 'node:fs';
import { DEV_IDENTITY } from '../../../../worker/src/identity/identity';
import { createJobRunner } from '../../../../worker/src/jobs/job-runner';
import { failChild, openChildWorker } from '../../../support/crash-child';

async function main(
  dataDir: string,
  sandboxUrl: string,
  inputsFile: string,
  logFile: string,
  stopAt: number,
) {
  const { store, deps } = await openChildWorker({ dataDir, sandboxUrl, logFile });
  const runner = createJobRunner(deps, {
    hooks: {
      beforeCommit: (_jobId, index) => {
        if (index !== stopAt) return undefined;
        process.stdout.write(`fetched ${index}\n`);
        return new Promise<void>(() => undefined);
      },
      afterCommit: (_job, index) => {
        process.stdout.write(`committed ${index}\n`);
      },
    },
  });

  await runner.resumeUnfinished();
  const emails = JSON.parse(readFileSync(inputsFile, 'utf8')) as unknown[];
  const { job } = await runner.submit(DEV_IDENTITY, {
    kind: 'email-enrichment',
    input: { emails },
    idempotencyKey: 'crash test',
  });
  await runner.idle();
  store.close();
  process.stdout.write(`finished ${job.id}\n`);
}

const [dataDir, sandboxUrl, inputsFile, logFile, stopAt] = process.argv.slice(2);
main(dataDir, sandboxUrl, inputsFile, logFile, Number(stopAt)).catch(failChild);
