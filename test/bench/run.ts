import { cpus, loadavg, totalmem } from 'node:os';
import { ms } from './percentiles';
import { runSandboxBench } from './sandbox-bench';
import { runDeliveryBench } from './delivery-bench';
import { runDeliveryCrashBench } from './delivery-crash-bench';
import { runProfileBench } from './profile-bench';
import { runQuotaBench } from './quota-bench';
import { runHogPacingBench, runScaleBench, type HogPacing, type ScaleBenchResult } from './scale-bench';
import { runOutageBench, type OutageBenchResult } from './scale-outage-bench';
import { runTakeoverBench, type TakeoverBenchResult } from './scale-takeover-bench';
import { runManySchedulesBench, runScheduleBench } from './schedule-bench';
import { runEditProofBench } from './edit-proof-bench';
import { runStartupBench } from './startup-bench';
import { FULL_THROUGHPUT, QUICK_THROUGHPUT } from './throughput-bench';
import { runWorkerBench } from './worker-bench';

/**
 * `npm run bench`: every benchmark in one run, printed as the table the README's performance
 * section records. `npm run bench -- sandbox` runs one suite (`sandbox`, `worker`, `quota`, `delivery`, `schedule`, `proofs`, `startup`, `scale`); `scale:outage` and `scale:takeover` run issue 23's parts of `scale`; `worker:email`,
 * `worker:search`, `worker:reports`, `worker:throughput`, `worker:unreadable`, `worker:flood`,
 * `worker:journal` run parts of the worker's; `quick` the hot paths (e-mail and the cached
 * route, shorter rounds); `profile:email`, `profile:reports` profile them (profile-bench.ts).
 * The load average is printed at the start and the end: on a shared machine it says how far
 * the numbers can be trusted.
 */

/** `npm run bench -- quick`: the e-mail enrichment and the cached route with both keys. */
const QUICK_PARTS = ['worker:email', 'worker:throughput'];

interface Row {
  measure: string;
  target: string;
  result: string;
  ok: boolean;
}

async function main(): Promise<void> {
  const started = performance.now();
  const quick = process.argv.includes('quick');
  // `quick`: the hot paths only (issue 28), for a developer before stopping; about 2 minutes.
  const only = quick ? QUICK_PARTS : process.argv.slice(2);
  const profiles = only
    .filter((arg) => arg.startsWith('profile:'))
    .map((arg) => arg.slice('profile:'.length));
  const wanted = (name: string) => (only.length === 0 || only.includes(name)) && profiles.length === 0;
  const workerParts = only
    .filter((arg) => arg.startsWith('worker:'))
    .map((arg) => arg.slice('worker:'.length));
  const rows: Row[] = [];
  const log = (line: string) => console.log(line);
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  log(`machine: ${machine}; load average ${loadAverage()}`);

  if (profiles.length > 0) await runProfileBench(log, profiles);

  if (wanted('sandbox')) {
    const r = await runSandboxBench(log);
    const n = r.creatorsPerPlatform.toLocaleString('en-US');
    rows.push(
      {
        measure: `sandbox start-up, ${n} creators per platform`,
        target: '< 3 s',
        result: ms(r.startupMs),
        ok: r.startupMs < 3000,
      },
      {
        measure: 'sandbox search p50 (5 filter mixes)',
        target: '< 20 ms',
        result: `${ms(r.searchAll.p50)} (p99 ${ms(r.searchAll.p99)})`,
        ok: r.searchAll.p50 < 20,
      },
      {
        measure: 'sandbox report p50',
        target: '< 5 ms',
        result: `${ms(r.report.p50)} (p99 ${ms(r.report.p99)})`,
        ok: r.report.p50 < 5,
      },
      {
        measure: 'sandbox resident memory after load',
        target: '< 600 MB',
        result: `${r.rssAfterLoadMb.toFixed(0)} MB (${r.rssAfterStartMb.toFixed(0)} MB at start)`,
        ok: r.rssAfterLoadMb < 600,
      },
    );
  }

  if (wanted('worker') || workerParts.length > 0)
    rows.push(...(await runWorkerBench(log, workerParts, quick ? QUICK_THROUGHPUT : FULL_THROUGHPUT)));

  if (wanted('delivery')) {
    const d = await runDeliveryBench(log);
    const n = d.rows.toLocaleString('en-US');
    rows.push(
      {
        measure: `server delivery of ${n} e-mail rows: Sheets API writes, 429s, rows exactly once`,
        target: '0 x 429, exact',
        result: `${d.writes} writes + ${d.reads} reads, ${d.tooMany} x 429, ${d.exact ? 'exact' : 'NOT exact'}`,
        ok: d.tooMany === 0 && d.exact,
      },
      {
        measure: `server delivery of ${n} rows: wall time against the quota's ideal`,
        target: '< 3 x ideal',
        result: `${(d.wallMs / 1000).toFixed(1)} s (ideal ${(d.idealMs / 1000).toFixed(1)} s, ${(d.wallMs / d.idealMs).toFixed(1)} x)`,
        ok: d.wallMs < 3 * d.idealMs,
      },
    );
    const c = await runDeliveryCrashBench(log);
    rows.push({
      measure: `kill -9 mid-delivery of ${c.rows.toLocaleString('en-US')} rows at ${c.runs.length} points: rows twice or missing`,
      target: '0',
      result: `${c.wrong} (${c.complete ? 'all complete after restart' : 'NOT complete'}; ${c.blocksRewritten} block(s), ${c.rowsRewritten.toLocaleString('en-US')} rows, written again in place; ${(c.wallMs / 1000).toFixed(1)} s)`,
      ok: c.wrong === 0 && c.complete,
    });
  }

  if (wanted('proofs')) {
    for (const minutes of [60, 480]) {
      const p = await runEditProofBench(log, minutes);
      rows.push({
        measure: `proof of edit access, ${p.editors} editors' sidebars open 09:00-18:00 (EDIT_PROOF_MINUTES=${minutes}): Sheets API reads, extra round trips per day`,
        target: '<= 1 read per editor per proof period',
        result: `${p.googleCalls} reads, ${p.proofRoundTrips} extra of ${p.addonCalls} calls`,
        ok: p.googleCalls <= p.editors * Math.ceil((9 * 60 + 1) / minutes),
      });
    }
  }

  if (wanted('schedule')) {
    const { daily, weeklySnapshot: weekly } = await runScheduleBench(log);
    for (const [r, what] of [
      [daily, `a daily schedule over ${daily.creators.toLocaleString('en-US')} creators`],
      [weekly, `a weekly snapshot (with growth chart) of ${weekly.creators} creators`],
    ] as const) {
      const [first, ...later] = r.runs;
      const laterCalls = later.reduce((sum, run) => sum + run.upstreamCalls, 0);
      const laterCredits = later.reduce((sum, run) => sum + run.credits, 0);
      const allOk = r.runs.every((run) => run.outcome.startsWith('ok'));
      rows.push(
        {
          measure: `${what} run ${r.runs.length} times: upstream calls and credits`,
          target: 'the first run only',
          result: `first: ${first.upstreamCalls} calls, ${first.credits} credits; runs 2-${r.runs.length}: ${laterCalls} calls, ${laterCredits} credits${allOk ? '' : ' (a run failed)'}`,
          ok: allOk && laterCalls === 0 && laterCredits === 0 && first.upstreamCalls === r.creators,
        },
        {
          measure: 'the same: Sheets API calls per run, and wall time',
          target: 'reference',
          result: r.runs.map((run) => `${run.sheetsCalls} (${(run.wallMs / 1000).toFixed(1)} s)`).join(', '),
          ok: true,
        },
      );
    }
    rows.push({
      measure: 'the weekly snapshot: growth charts on its tab after all runs',
      target: '1 (added once, then updated)',
      result: String(weekly.charts),
      ok: weekly.charts === 1,
    });
    for (const n of [10, 100]) {
      const m = await runManySchedulesBench(log, n);
      const minutes = (ms: number) => `${(ms / 60_000).toFixed(2)} min`;
      const ratio = m.lastRunMs / m.idealMs;
      rows.push(
        {
          measure: `${n} schedules of ${m.documents} teams due at 09:00, one service account (60 Sheets calls a minute each way): time to the last run`,
          target: "<= 1.25 x the quota's ideal",
          result: `${minutes(m.lastRunMs)} (ideal ${minutes(m.idealMs)} for ${m.reads} reads and ${m.writes} writes, ${ratio.toFixed(2)} x; ${m.rateLimited} x 429, ${m.failed} failed)`,
          ok: ratio <= 1.25 && m.rateLimited === 0 && m.failed === 0,
        },
        {
          measure: `the same: every team's first run started among the first runs (round robin across documents)`,
          target: `the first ${m.documents}`,
          result: `the first ${m.lastFirstStart} (by due time alone: the first ${m.lastFirstStartByDueTime}); every team's first report within ${minutes(m.lastFirstRunMs)}`,
          ok: m.lastFirstStart === m.documents,
        },
      );
    }
  }

  if (wanted('quota')) {
    const q = await runQuotaBench(log);
    const perDay = (calls: number, quota: number) =>
      `${calls.toLocaleString('en-US')} (${((100 * calls) / quota).toFixed(1)}% of ${quota.toLocaleString('en-US')}/day consumer)`;
    rows.push(
      {
        measure: `UrlFetch calls per ${q.enrichment.rows.toLocaleString('en-US')} enriched rows (${q.enrichment.polls} polls)`,
        target: '< 1% of 20,000/day',
        result: perDay(q.enrichment.urlFetch, 20_000),
        ok: q.enrichment.urlFetch < 200,
      },
      {
        measure: `property reads per ${q.enrichment.rows.toLocaleString('en-US')} enriched rows`,
        target: '< 1% of 50,000/day',
        result: perDay(q.enrichment.propertyReads, 50_000),
        ok: q.enrichment.propertyReads < 500,
      },
      {
        measure: 'formula over 100 handles, first run: UrlFetch / property reads',
        target: '1 / 1',
        result: `${q.formulaFirst.urlFetch} / ${q.formulaFirst.propertyReads}`,
        ok: q.formulaFirst.urlFetch <= 1 && q.formulaFirst.propertyReads <= 1,
      },
      {
        measure: 'formula recalculation (cached): UrlFetch / property reads',
        target: '0 / 1',
        result: `${q.formulaRecalc.urlFetch} / ${q.formulaRecalc.propertyReads}`,
        ok: q.formulaRecalc.urlFetch === 0 && q.formulaRecalc.propertyReads <= 1,
      },
      {
        // An open sidebar reads it once a minute: an 8-hour day is 480 reads.
        measure: `sidebar open all day (issue 25): its document status read once a minute, UrlFetch per read (first, then each) and per 8-hour day`,
        target: '1 a read; < 5% of 20,000/day',
        result: `${q.status.firstUrlFetch}, then ${q.status.laterUrlFetch}; ${perDay(q.status.firstUrlFetch + 479 * q.status.laterUrlFetch, 20_000)}`,
        ok: q.status.laterUrlFetch <= 1 && q.status.firstUrlFetch + 479 * q.status.laterUrlFetch < 1_000,
      },
    );
  }

  // Issue 16 lists start-up among the scale measures: `-- scale` runs it too.
  if (wanted('startup') || only.includes('scale')) {
    const r = await runStartupBench(log);
    const [compiled, ...others] = r.ways;
    const spread = (samples: number[]) =>
      `${Math.min(...samples).toFixed(0)} to ${Math.max(...samples).toFixed(0)} ms`;
    for (const way of r.ways) {
      const faster = way === compiled;
      rows.push({
        measure: `start to /readyz, live mode, fresh data directory: ${way.command} (median of ${way.samples.length})`,
        target: faster ? 'below every tsx way' : 'reference',
        result: `${way.median.toFixed(0)} ms (${spread(way.samples)})`,
        ok: !faster || others.every((other) => compiled.median < other.median),
      });
    }
    rows.push({
      measure: '`npm start` before the worker runs: its build (`tsc -b`) when nothing changed',
      target: 'reference',
      result: `${r.upToDateBuildMs.toFixed(0)} ms`,
      ok: true,
    });
  }

  if (wanted('scale')) rows.push(...scaleRows(await runScaleBench(log)));
  // Issue 23's rows, with the scale suite or alone: `scale:outage`, `scale:takeover`.
  if (wanted('scale') || only.includes('scale:outage')) rows.push(...outageRows(await runOutageBench(log)));
  if (wanted('scale') || only.includes('scale:takeover'))
    rows.push(...takeoverRows(await runTakeoverBench(log)));
  if (only.includes('scale:hog')) rows.push(...hogRows(await runHogPacingBench(log)));

  log('');
  log(
    `bench wall time: ${((performance.now() - started) / 1000).toFixed(0)} s; load average ${loadAverage()}`,
  );
  log('');
  log(`| measure | target | result | met |`);
  log(`|---|---|---|---|`);
  for (const row of rows)
    log(`| ${row.measure} | ${row.target} | ${row.result} | ${row.ok ? 'yes' : 'NO'} |`);
  if (rows.some((row) => !row.ok)) process.exitCode = 1;
}

/** Issue 28's rows: the pace of two instances holds while the machine is kept busy. */
function hogRows(h: HogPacing): Row[] {
  return [
    {
      measure: `two searches on two of the instances while ${h.hogProcesses} processes spin on the CPU (load average ${h.loadAverage.toFixed(1)}): 429s`,
      target: '0',
      result: `${h.tooMany} (${h.searchCalls} search calls${h.allDone ? '' : '; a job did NOT finish'})`,
      ok: h.tooMany === 0 && h.allDone,
    },
    {
      measure: 'the same: achieved search rate, both instances together, against the limit',
      target: `>= 90% of ${h.rate}/s`,
      result: `${h.achievedPerSecond.toFixed(2)}/s (${((100 * h.achievedPerSecond) / h.rate).toFixed(1)}%)`,
      ok: h.achievedPerSecond >= 0.9 * h.rate,
    },
  ];
}

/** The 1, 5 and 15-minute load averages of the machine. */
function loadAverage(): string {
  return loadavg()
    .map((load) => load.toFixed(2))
    .join(', ');
}

/** Issue 16's rows: three workers on one Postgres spend what one would. */
function scaleRows(r: ScaleBenchResult): Row[] {
  const { pacing: p, singleFlight: f, crash: c } = r;
  const sameCredits =
    c.withKills.billedCredits === c.faultFree.billedCredits &&
    c.withKills.ledgerCredits === c.faultFree.ledgerCredits &&
    c.withKills.ledgerCredits === c.withKills.billedCredits;
  return [
    {
      measure: `3 workers on one Postgres: two ${p.searchCalls / 2}-page searches and a ${p.rawCalls}-page raw feed at once, API at ${p.rate}/s: 429s`,
      target: '0',
      result: `${p.tooMany} (${p.searchCalls} search calls, ${p.rawCalls} raw pages; rows ${p.rows.searches.join(' + ')} and ${p.rows.raw}${p.allDone ? '' : '; a job did NOT finish'})`,
      ok: p.tooMany === 0 && p.allDone,
    },
    {
      measure: 'the same: achieved search rate, both instances together, against the limit',
      target: `>= 90% of ${p.rate}/s`,
      result: `${p.achievedPerSecond.toFixed(2)}/s (${((100 * p.achievedPerSecond) / p.rate).toFixed(1)}%)`,
      ok: p.achievedPerSecond >= 0.9 * p.rate,
    },
    {
      measure: `${f.creators} uncached creators asked for at once through all 3 instances: upstream calls`,
      target: String(f.creators),
      result: `${f.reportCalls} (${f.credits} credits${f.answersComplete ? '; every answer complete' : '; an answer was NOT complete'})`,
      ok: f.reportCalls === f.creators && f.answersComplete,
    },
    {
      measure: `e-mail job of ${c.addresses.toLocaleString('en-US')} addresses, its instance killed -9 twice: rows lost, doubled or different`,
      target: '0',
      result: `${c.wrongRows} (taken over within ${c.killed.map((k) => `${(k.takenOverAfterMs / 1000).toFixed(1)} s`).join(' and ')}; ${(c.withKills.wallMs / 1000).toFixed(1)} s against ${(c.faultFree.wallMs / 1000).toFixed(1)} s fault-free)`,
      ok: c.wrongRows === 0 && c.killed.length === 2,
    },
    {
      measure:
        'the same: credits billed by the API and in the ledger, against a fault-free run by one worker',
      target: 'equal',
      result: `billed ${c.withKills.billedCredits} vs ${c.faultFree.billedCredits}, ledger ${c.withKills.ledgerCredits} vs ${c.faultFree.ledgerCredits} (${c.withKills.emailCalls} vs ${c.faultFree.emailCalls} calls, ${c.withKills.tooMany + c.faultFree.tooMany} x 429)`,
      ok: sameCredits,
    },
    ...hogRows(r.underHog),
    {
      measure: '3 workers on Postgres, compiled: process start to listening',
      target: 'reference',
      result: r.readyMs.map((ms) => `${ms.toFixed(0)} ms`).join(', '),
      ok: true,
    },
  ];
}

/** Issue 23's outage rows: a database restart and lost lock sessions under paid calls in flight. */
function outageRows(r: OutageBenchResult): Row[] {
  return [r.stopStart, r.lockSessions].flatMap((round) => {
    const serverErrors = Object.entries(round.answers)
      .filter(([status]) => Number(status) >= 500 && status !== '503')
      .reduce((sum, [, count]) => sum + count, 0);
    const unavailable = round.answers['503'] ?? 0;
    const gone = round.answers['0'] ?? 0;
    return [
      {
        measure: `3 workers, ${round.inFlight} paid calls in flight, ${round.what}: instances alive, answers meanwhile`,
        target: 'all alive; 503 + Retry-After, no 500',
        result: `${round.allAlive ? 'all alive' : 'an instance DIED'}; ${JSON.stringify(round.answers)} (${round.retryAfter} of ${unavailable} 503s with Retry-After; /readyz 503 x ${round.notReady})`,
        ok: round.allAlive && serverErrors === 0 && gone === 0 && round.retryAfter === unavailable,
      },
      {
        measure: 'the same: ready again (every instance), without a restart',
        target: 'reference',
        result: `${(round.readyAgainMs / 1000).toFixed(1)} s after ${round.since}`,
        ok: true,
      },
      {
        measure: 'the same: report calls bought twice; ledger against what the API billed',
        target: '0; equal',
        result: `${round.reportCalls - round.creators} (${round.reportCalls} calls for ${round.creators} creators${round.completeAfter ? ', every answer complete afterwards' : ', an answer NOT complete afterwards'}); billed ${round.billedCredits}, ledger ${round.ledgerCredits}, ${round.unconfirmed} unconfirmed`,
        ok:
          round.reportCalls === round.creators &&
          round.completeAfter &&
          round.billedCredits === round.ledgerCredits &&
          round.unconfirmed === 0,
      },
    ];
  });
}

/** Issue 23's takeover rows: deliveries and schedule runs killed or stopped mid-way. */
function takeoverRows(r: TakeoverBenchResult): Row[] {
  const lease = r.leaseSeconds * 1000;
  const cases = [
    { takeover: r.deliveryKilled, target: 'within one lease', limitMs: lease },
    { takeover: r.deliveryStopped, target: 'within a quarter lease', limitMs: lease / 4 },
    { takeover: r.scheduleKilled, target: 'within one lease', limitMs: lease },
    { takeover: r.scheduleStopped, target: 'within a quarter lease', limitMs: lease / 4 },
  ];
  return cases.map(({ takeover, target, limitMs }) => ({
    measure: `${takeover.what} (SHEETS_LEASE_SECONDS ${r.leaseSeconds}): taken over by a live instance`,
    target: `${target}; none wrong`,
    result: `${(takeover.leaseMs / 1000).toFixed(2)} s (${takeover.next} ${(takeover.nextWriteMs / 1000).toFixed(2)} s); ${takeover.detail}`,
    // A margin for the looks and the statements that see the lease change.
    ok: takeover.leaseMs <= limitMs + 500 && takeover.wrong === 0 && takeover.done,
  }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
