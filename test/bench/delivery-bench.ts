import {
  addresses,
  jobRowsAsCells,
  putDelivery,
  settled,
  SHEET_ID,
  startDeliveryWorld,
  startEmailJob,
  TAB,
} from '../worker/src/jobs/delivery/server-delivery-fixture';

/**
 * Server delivery (issue 14) of a 100,000-row e-mail enrichment: the worker writes the rows into
 * the sheet itself, as its service account, through googleapis against the Sheets API emulator
 * (the real quotas: 60 requests a minute per user, reads and writes counted apart). Nothing of the
 * add-on runs: the sidebar is closed, so Apps Script makes no call at all. Measured: Sheets API
 * calls, 429s (goal 0), rows in the sheet exactly once, wall time against the quota's ideal (one
 * write a second for as many blocks as the cells need at the block limit).
 */

export interface DeliveryBenchResult {
  rows: number;
  writes: number;
  reads: number;
  tooMany: number;
  wallMs: number;
  idealMs: number;
  exact: boolean;
}

const ROWS = 100_000;
/** The delivery's block limit (worker/src/jobs/delivery/delivery-blocks.ts). */
const MAX_CELLS = 40_000;
/** Google's 60 a minute per user, as paced (+2% margin). */
const WRITE_SPACING_MS = 1_020;

export async function runDeliveryBench(log: (line: string) => void): Promise<DeliveryBenchResult> {
  const delivery = await startDeliveryWorld();
  try {
    const { world, emulator, fakes } = delivery;
    const jobId = await startEmailJob(world, addresses(ROWS, 'bench'));
    emulator.reset();
    const started = performance.now();
    const answer = await putDelivery(world, jobId, {
      spreadsheetId: SHEET_ID,
      sheetName: TAB,
      firstRow: 2,
      firstColumn: 1,
    });
    if (answer.body.mode !== 'server') throw new Error(`delivery refused: ${JSON.stringify(answer.body)}`);
    await settled(world, jobId, 600_000);
    const wallMs = performance.now() - started;
    const stats = emulator.stats();
    const expected = await jobRowsAsCells(world, jobId);
    const width = expected[0]?.length ?? 0;
    const sheet = fakes.spreadsheet.requireSheet(TAB);
    const inSheet = sheet.getRange(2, 1, ROWS, width).getValues();
    const below = sheet.getMaxRows() > ROWS + 1 ? sheet.getRange(ROWS + 2, 1, 1, width).getValues()[0] : [];
    const exact = JSON.stringify(inSheet) === JSON.stringify(expected) && below.every((cell) => cell === '');
    const idealMs = Math.ceil((ROWS * width) / MAX_CELLS) * WRITE_SPACING_MS;
    log(
      `delivery: ${ROWS} rows, ${stats.writes} writes, ${stats.reads} reads, ${stats.rateLimited} x 429, ` +
        `${(wallMs / 1000).toFixed(1)} s (ideal ${(idealMs / 1000).toFixed(1)} s), exact: ${exact}; by method ${JSON.stringify(stats.byMethod)}`,
    );
    return {
      rows: ROWS,
      writes: stats.writes,
      reads: stats.reads,
      tooMany: stats.rateLimited,
      wallMs,
      idealMs,
      exact,
    };
  } finally {
    await delivery.close();
  }
}
