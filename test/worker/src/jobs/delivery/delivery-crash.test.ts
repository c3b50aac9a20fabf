import { KILL_POINTS, runDeliveryCrash } from './delivery-crash-fixture';

/**
 * A worker killed with SIGKILL in the middle of a server delivery (issue 14), at three points
 * around its third block, then started again on the same data directory: the second worker
 * resumes the delivery from the store's `rowsWritten` and finishes it. The sheet then holds every
 * job row once, at its place, and nothing below; the only block written twice is the one Google
 * applied and the worker never heard of, written again over the same cells.
 */

jest.setTimeout(120_000);

/** Blocks written again (at the same cells) expected at each point. */
const REWRITTEN: Record<(typeof KILL_POINTS)[number], number> = {
  'write-received': 0,
  'write-applied': 1,
  checkpointed: 0,
};

describe.each(KILL_POINTS.map((point) => ({ point })))('a worker killed at $point', ({ point }) => {
  it('leaves no row missing or twice: the next worker finishes the delivery', async () => {
    const result = await runDeliveryCrash(point, { rows: 3_000, maxCells: 2_700, atBlock: 3 });
    expect(result.killed).toBe(true);
    // Killed mid-delivery: some rows counted, not all.
    expect(result.rowsWrittenAtKill).toBeGreaterThan(0);
    expect(result.rowsWrittenAtKill).toBeLessThan(result.rows);
    expect(result.resumed).toBe(1);
    expect(result.rows).toBe(3_000);
    expect(result.delivery).toMatchObject({ mode: 'server', delivered: true, rowsWritten: 3_000 });
    expect(result.missing).toBe(0);
    expect(result.extra).toBe(0);
    expect(result.blocksRewritten).toBe(REWRITTEN[point]);
    if (REWRITTEN[point] === 0) expect(result.rowsRewritten).toBe(0);
    else expect(result.rowsRewritten).toBeGreaterThan(0);
  });
});
