import type { UsageAnswer } from '../../worker/src/budgets/usage-router';
import type { ReportsAnswer } from '../../worker/src/operations/reports/reports';
import { startBenchWorker, statsDelta } from './bench-worker';
import type { BenchRow } from './worker-bench';
import type { ReportHandles } from './world-inputs';

/**
 * Issue 10's money claim under a contract that drifts: reports recalculated 10 times while the
 * sandbox answers 10% of its paid answers in a shape no version can read (SANDBOX_FAULT_UNREADABLE:
 * billed, then wrapped). Upstream calls must equal the distinct creators (an unreadable answer is
 * cached like a report), and the credits the worker recorded must equal what the sandbox charged.
 */

const PASSES = 10;
const UNREADABLE_SHARE = 0.1;
const RATE = 40;

const UNREADABLE_ROW = /^The API answered in a shape this version cannot read/;

export async function unreadableBench(
  sandboxEnv: Record<string, string>,
  handles: ReportHandles,
  log: (line: string) => void,
): Promise<BenchRow[]> {
  const worker = await startBenchWorker({
    sandboxEnv: {
      ...sandboxEnv,
      SANDBOX_RATE_DISCOVERY: String(RATE),
      SANDBOX_FAULT_UNREADABLE: String(UNREADABLE_SHARE),
    },
    workerEnv: { UPSTREAM_RATE_DISCOVERY: String(RATE), REPORT_FETCH_CONCURRENCY: '16' },
  });
  try {
    const request = { handles: handles.inputs, platform: 'instagram', deadlineMs: 600_000, fields: 'handle' };
    log(
      `unreadable answers: ${handles.uniqueCreators} creators, ${PASSES} recalculations, ${UNREADABLE_SHARE * 100}% of paid answers unreadable (billed by the sandbox, then wrapped in a shape nobody reads)`,
    );
    const before = await worker.stats();
    const unreadablePerPass: number[] = [];
    const started = performance.now();
    for (let pass = 0; pass < PASSES; pass += 1) {
      const answer = await worker.post<ReportsAnswer>('/api/reports', request);
      unreadablePerPass.push(answer.body.rows.filter((row) => UNREADABLE_ROW.test(String(row[0]))).length);
    }
    const elapsed = performance.now() - started;
    const delta = statsDelta(before, await worker.stats());
    const usage = await fetch(`${worker.url}/api/account/usage`, { headers: worker.headers });
    const recorded = ((await usage.json()) as UsageAnswer).today.credits;
    const charged = delta.millicredits() / 1000;
    const calls = delta.calls('report');
    log(
      `  ${(elapsed / 1000).toFixed(1)} s; sandbox: ${calls} report calls, ${charged} credits charged; worker ledger: ${recorded} credits; unreadable rows per pass: ${unreadablePerPass.join(', ')}`,
    );
    const steady =
      unreadablePerPass.every((count) => count === unreadablePerPass[0]) && unreadablePerPass[0] > 0;
    return [
      {
        measure: `reports of ${handles.uniqueCreators} creators recalculated ${PASSES} times, the sandbox's unreadable share at ${UNREADABLE_SHARE * 100}%: upstream calls`,
        target: `= distinct creators (${handles.uniqueCreators})`,
        result: `${calls} calls (${unreadablePerPass[0]} answers came unreadable: the same ${unreadablePerPass[0]} rows say so in every pass)`,
        ok: calls === handles.uniqueCreators && steady,
      },
      {
        measure: 'the same: credits recorded in the ledger vs charged by the API',
        target: 'equal',
        result: `${recorded} recorded, ${charged} charged`,
        ok: Math.round(recorded * 1000) === delta.millicredits(),
      },
    ];
  } finally {
    await worker.stop();
  }
}
