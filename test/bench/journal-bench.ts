import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore } from '../../worker/src/store/sqlite/sqlite-store';
import { ms, summarize } from './percentiles';
import type { BenchRow } from './worker-bench';

/**
 * The crash window of a paid answer (issue 11: "shrink the window in which a crash can lose a paid
 * answer, and measure it"). The paid-call journal writes an answer the moment its body is read, so
 * the window where a killed worker loses what the API billed is: reading the body (the network's
 * time) plus sealing the body and committing it to SQLite. This measures the second part on the
 * data directory's disk, for the answer sizes the worker meets: a search page, a report, an e-mail
 * batch of 1,000 addresses. Before the journal the window ran until the ledger row and the cache
 * write, after parsing and row building.
 */

const ROUNDS = 300;
const SIZES = [
  { label: 'a search page (~6 KB)', bytes: 6 * 1024 },
  { label: 'a report (~40 KB)', bytes: 40 * 1024 },
  { label: 'an e-mail batch of 1,000 (~250 KB)', bytes: 250 * 1024 },
] as const;
/** Well under a round trip to the API: the window stays the network's, not the disk's. */
const TARGET_P99_MS = 25;

function bodyOf(bytes: number): string {
  const item = JSON.stringify({
    userId: '1234567890',
    profile: { username: 'someone.here', followers: 123456 },
  });
  const items: string[] = [];
  for (let size = 40; size < bytes; size += item.length + 1) items.push(item);
  return `{"error":false,"directs":[${items.join(',')}]}`;
}

export async function journalBench(log: (line: string) => void): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'creator-sheets-journal-'));
  const store = openStore({ dataDir });
  const rows: BenchRow[] = [];
  try {
    for (const size of SIZES) {
      const body = bodyOf(size.bytes);
      const samples: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const { id } = await store.paidCalls.begin({
          material: `bench ${size.label} ${round}`,
          operation: 'search',
          userEmail: 'bench@creator-sheets.test',
          requestId: `bench-${round}`,
          estimate: { credits: 0.15, rawRequests: 0 },
        });
        const started = performance.now();
        await store.paidCalls.answered(id, 200, body);
        samples.push(performance.now() - started);
        await store.paidCalls.record(
          {
            userEmail: 'bench@creator-sheets.test',
            operation: 'search',
            estimatedCredits: 0.15,
            actualCredits: 0.15,
            requestId: `bench-${round}`,
          },
          [id],
        );
      }
      const summary = summarize(samples);
      log(`  journal: ${size.label}: answer written in p50 ${ms(summary.p50)}, p99 ${ms(summary.p99)}`);
      rows.push({
        measure: `crash window after the body is read: ${size.label} sealed and committed`,
        target: `p99 < ${TARGET_P99_MS} ms`,
        result: `p50 ${ms(summary.p50)}, p99 ${ms(summary.p99)}`,
        ok: summary.p99 < TARGET_P99_MS,
      });
    }
  } finally {
    store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}
