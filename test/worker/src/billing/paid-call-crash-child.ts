/**
 * Run as a child process by paid-call-crash.test.ts: the worker's request path (store in DATA_DIR,
 * recovery at start, the upstream client against the test's sandbox over loopback) asking for one
 * report. At the step named, it prints "at <step>" and stops dead (the thread blocked, as if the
 * machine had frozen) for the SIGKILL; with step "none" it prints the report's row and exits.
 *
 * Steps, in the order a paid call goes through them:
 * - `before-send`: the journal's intent is written, the request not sent;
 * - `answered-unread`: the API answered (and billed), the body not read yet;
 * - `journaled`: the answer is in the journal, nothing else has seen it;
 * - `recorded`: the ledger row is written, the report not cached yet.
 *
 * argv: data dir, sandbox URL, handle, log file, step. env: CRASH_CHILD_ENV, worker settings as JSON.
 */
import { writeSync } from 'node:fs';
import { DEV_IDENTITY } from '../../../../worker/src/identity/identity';
import { runReports } from '../../../../worker/src/operations/reports/reports';
import type { PaidCallJournal } from '../../../../worker/src/store/paid-call-journal';
import type { UpstreamFetch } from '../../../../worker/src/upstream/upstream-attempt';
import { failChild, openChildWorker } from '../../../support/crash-child';

type Step = 'before-send' | 'answered-unread' | 'journaled' | 'recorded' | 'none';

/** Stops the process where it stands: nothing after this line runs until the SIGKILL. */
function freezeAt(step: Step): never {
  writeSync(1, `at ${step}\n`);
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  throw new Error('unreachable');
}

/** Freezes right after the journal's answer or the ledger row is written, at those steps. */
function hookJournal(journal: PaidCallJournal, step: Step): void {
  const answered = journal.answered.bind(journal);
  journal.answered = async (id, status, text) => {
    await answered(id, status, text);
    if (step === 'journaled') freezeAt(step);
  };
  const record = journal.record.bind(journal);
  journal.record = async (entry, callIds) => {
    const row = await record(entry, callIds);
    if (step === 'recorded') freezeAt(step);
    return row;
  };
}

async function main(dataDir: string, sandboxUrl: string, handle: string, logFile: string, step: Step) {
  const isReport = (url: string) => url.includes('/report');
  const stepFetch: UpstreamFetch = async (url, init) => {
    if (step === 'before-send' && isReport(url)) freezeAt(step);
    const response = await globalThis.fetch(url, init);
    if (step === 'answered-unread' && isReport(url)) freezeAt(step);
    return response;
  };
  const { store, deps, logger } = await openChildWorker({
    dataDir,
    sandboxUrl,
    logFile,
    fetch: stepFetch,
    beforeUse: (opened) => hookJournal(opened.paidCalls, step),
  });
  const answer = await runReports(
    deps,
    { identity: DEV_IDENTITY, requestId: `crash-${step}`, log: logger },
    {
      handles: [handle],
      platform: 'instagram',
      calculationMethod: 'median',
      refresh: false,
      withHeader: false,
    },
  );
  await deps.background.drain(5000);
  store.close();
  process.stdout.write(`row ${JSON.stringify(answer.rows[0])}\n`);
}

const [dataDir, sandboxUrl, handle, logFile, step] = process.argv.slice(2);
main(dataDir, sandboxUrl, handle, logFile, step as Step).catch(failChild);
