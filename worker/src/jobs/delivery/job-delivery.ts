import { gridGrowth } from '../../schedules/run/grid-growth';
import type { Logger } from 'pino';
import type { sheets_v4 } from '@googleapis/sheets';
import { isFinalJobStatus } from '../../../../shared/worker-api/job-status';
import type { JobDeliveryRequest, JobDeliveryState } from '../../../../shared/worker-api/jobs';
import { MAX_JOB_ROWS_PAGE } from '../../../../shared/worker-api/request-limits';
import type { Clock, Sleep } from '../../../common/clock';
import type { Random } from '../../../common/seeded-random';
import type { Cell, Column } from '../../../../shared/rows/columns';
import { readStoredJobInput } from '../stored-job-input';
import type { JobDelivery } from '../../store/job-delivery-repository';
import { deliveryState } from '../../store/rows/job-delivery-rows';
import type { Store } from '../../store/store';
import { a1Range } from '../../google/a1-range';
import {
  blockLength,
  DEFAULT_BLOCK_LIMITS,
  isOwnOrEmpty,
  toSheetRow,
  widthOf,
  type BlockLimits,
  type SheetCell,
} from './delivery-blocks';
import {
  DEFAULT_SHEETS_RETRY,
  DeliveryRefused,
  pacedCall,
  type PacedCallScope,
  type SheetsRetry,
} from '../../google/paced-sheets-call';
import type { SheetAccess } from '../../google/sheet-access';
import { numberFormatOf, numberFormatRequests, rawCellOf } from '../../schedules/run/sheet-number-formats';
import {
  createSheetsPacer,
  DEFAULT_SHEETS_PACE,
  type SheetsPace,
  type SheetsPacer,
} from '../../google/sheets-pacer';
import { newLeaseOwner } from '../../concurrency/lease-renewal';
import {
  takeDeliveryLease,
  watchAbandonedDeliveries,
  type DeliveryLeaseSettings,
  type HeldDeliveryLease,
} from './delivery-lease';

const NO_IDENTITY =
  'The worker has no Google service account (GOOGLE_APPLICATION_CREDENTIALS): the sidebar writes the rows.';

/**
 * Server delivery (issue 14): the worker writes a job's rows into the sheet itself, as its
 * service account, block by block, so the sidebar may close.
 *
 * - Row n of the job goes to sheet row firstRow + n, always: a block written again after a crash
 *   lands on the same cells. `rowsWritten` advances in the store only once Google took the block,
 *   so nothing is skipped, and nothing lands twice.
 * - Before each block the worker reads its cells and writes over none that hold anything but
 *   what it would write (its own, from a run cut short): someone's data in the way stops the
 *   delivery with the range named, and the sidebar takes over from rowsWritten.
 * - The rows read as the sidebar shows them: the first block's batchUpdate sets every row's number
 *   format from the job's columns, and date cells are written as dates (their serial numbers).
 * - Every call waits its turn on one pacer for the whole worker (sheets-pacer.ts) and waits out
 *   429s and 5xx (paced-sheets-call.ts); a refusal (403, 404, 400) hands the rows back to the
 *   sidebar, with Google's reason.
 * - One loop per job: a kick while it runs makes it look again once done. The job runner kicks
 *   after each committed batch and when a run ends; a started worker resumes every delivery left
 *   with rows to write. The delivery is complete once the job ended and every row is written.
 * - One writer across instances: a loop holds the delivery's lease (delivery-lease.ts), renewed
 *   while it writes; a killed instance's delivery is taken over by a live one within a lease, a
 *   stopped one's (SIGTERM) at once.
 *
 * Logs carry counts only: never a cell, a range or a tab's name.
 */
export interface JobDeliveries {
  /** Sets (or finds) the job's delivery; checks that the sheet is shared first. */
  request(jobId: string, target: JobDeliveryRequest): Promise<JobDeliveryState>;
  /** The job has new rows or ended: write what there is. */
  kick(jobId: string): void;
  /**
   * Kicks every delivery left with rows to write; how many. Call once at start: on SQLite it first
   * frees every lease (an earlier run's), on Postgres it starts watching for deliveries to take over.
   */
  resume(): Promise<number>;
  /** Resolves when no delivery loop runs. */
  idle(): Promise<void>;
  /** Ends the loops at their next call (their progress is stored); idempotent. */
  stop(): Promise<void>;
}

export interface JobDeliveryOptions {
  store: Store;
  access: SheetAccess | null;
  logger: Logger;
  clock: Clock;
  sleep: Sleep;
  random?: Random;
  pace?: SheetsPace;
  retry?: Partial<SheetsRetry>;
  blocks?: Partial<BlockLimits>;
  /** One pacer for the worker; made from `pace` when absent. */
  pacer?: SheetsPacer;
  /** How long a delivery's lease lasts unrenewed (SHEETS_LEASE_SECONDS), and this worker's name in it. */
  lease?: { ms?: number; owner?: string };
  /** A delivery taken over from an instance that died or stopped (`/metrics`). */
  onTakeover?: () => void;
}

/** SHEETS_LEASE_SECONDS' default, as long as a job's. */
export const DEFAULT_DELIVERY_LEASE_MS = 30_000;

interface GridSize {
  sheetId: number;
  rows: number;
  columns: number;
}

export function createJobDeliveries(options: JobDeliveryOptions): JobDeliveries {
  const { store, access } = options;
  const log = options.logger.child({ component: 'delivery' });
  const pacer =
    options.pacer ?? createSheetsPacer(options.clock, options.sleep, options.pace ?? DEFAULT_SHEETS_PACE);
  const limits: BlockLimits = { ...DEFAULT_BLOCK_LIMITS, ...options.blocks };
  const stopping = new AbortController();
  const scope: PacedCallScope = {
    pacer,
    sleep: options.sleep,
    random: options.random ?? Math.random,
    retry: { ...DEFAULT_SHEETS_RETRY, ...options.retry },
    signal: stopping.signal,
    onRetry: (failure, attempt, delayMs) =>
      log.warn({ status: failure.status, attempt, delayMs }, 'Sheets API call waits to try again'),
  };
  const loops = new Map<string, { again: boolean; done: Promise<void> }>();
  let idleWaiters: (() => void)[] = [];
  const leaseSettings: DeliveryLeaseSettings = {
    owner: options.lease?.owner ?? newLeaseOwner(),
    ms: options.lease?.ms ?? DEFAULT_DELIVERY_LEASE_MS,
    shared: store.engine === 'postgres',
  };
  const leaseDeps = { deliveries: store.jobDeliveries, clock: options.clock, log };
  let watch: { stop(): void } | null = null;

  /** One pass under the lease; whether to look again (rows came while it let go). */
  const deliverLeased = async (jobId: string, sheetAccess: SheetAccess): Promise<boolean> => {
    const lease = await takeDeliveryLease(leaseDeps, leaseSettings, jobId);
    // Another instance writes it: its loop looks again once it lets go (below).
    if (lease === null) return false;
    try {
      await deliver(jobId, sheetAccess, lease);
    } finally {
      await lease.end(stopping.signal.aborted);
    }
    if (stopping.signal.aborted || lease.lost) return false;
    // A batch another instance committed while this one held the lease found it taken and left
    // its rows here: look once more now that the lease is free.
    return hasRowsToWrite(jobId);
  };

  const hasRowsToWrite = async (jobId: string): Promise<boolean> => {
    const delivery = await store.jobDeliveries.get(jobId);
    if (delivery === null || delivery.mode !== 'server' || delivery.delivered) return false;
    const job = await store.jobs.get(jobId);
    if (job === null) return false;
    if (isFinalJobStatus(job.status)) return true;
    return (await store.jobs.rows(jobId, { after: delivery.rowsWritten, limit: 1 })).rows.length > 0;
  };

  const kick = (jobId: string) => {
    if (access === null || stopping.signal.aborted) return;
    const running = loops.get(jobId);
    if (running !== undefined) {
      running.again = true;
      return;
    }
    const loop = { again: true, done: Promise.resolve() };
    loops.set(jobId, loop);
    loop.done = (async () => {
      try {
        while (loop.again && !stopping.signal.aborted) {
          loop.again = false;
          if (await deliverLeased(jobId, access)) loop.again = true;
        }
      } catch (error) {
        if (!stopping.signal.aborted) log.error({ err: error, jobId }, 'delivery ended unexpectedly');
      } finally {
        loops.delete(jobId);
        if (loops.size === 0) {
          const waiters = idleWaiters;
          idleWaiters = [];
          for (const wake of waiters) wake();
        }
      }
    })();
  };

  /** Writes every stored row from rowsWritten on; marks it delivered once the job ended and all are. */
  const deliver = async (jobId: string, sheetAccess: SheetAccess, lease: HeldDeliveryLease) => {
    let delivery = await store.jobDeliveries.get(jobId);
    if (delivery === null || delivery.mode !== 'server' || delivery.delivered) return;
    const { sheets, serviceAccountEmail } = await sheetAccess.api();
    scope.serviceAccount = serviceAccountEmail;
    let grid: GridSize | null = null;
    const fallBack = async (reason: string) => {
      await store.jobDeliveries.fallBack(jobId, reason);
      log.warn({ jobId, rowsWritten: delivery?.rowsWritten }, 'delivery handed back to the sidebar');
    };
    try {
      for (;;) {
        if (stopping.signal.aborted || lease.lost) return;
        // The job before its rows: once it says ended, every row is committed.
        const job = await store.jobs.get(jobId);
        if (job === null) return;
        const ended = isFinalJobStatus(job.status);
        const page = await store.jobs.rows(jobId, {
          after: delivery.rowsWritten,
          limit: Math.min(MAX_JOB_ROWS_PAGE, limits.maxCells),
        });
        if (page.rows.length === 0) {
          if (ended) {
            await store.jobDeliveries.markDelivered(jobId);
            log.info({ jobId, rowsWritten: delivery.rowsWritten }, 'delivery complete');
          }
          return;
        }
        const width = widthOf(page.rows.map(({ row }) => row));
        const columns = readStoredJobInput(job.input)?.columns ?? [];
        const cells = page.rows.map(({ row }) => toSheetRow(rawRow(row, columns), width));
        const block = cells.slice(0, blockLength(cells, width, limits));
        // Grown once for every row the job may have (its total), as the add-on sizes a tab it
        // prepares: one write, not one per block.
        grid = await ensureGrid(
          sheets,
          delivery,
          grid,
          Math.max(block.length, job.progress.total - delivery.rowsWritten),
          width,
          columns,
        );
        await writeBlock(sheets, delivery, block, width);
        const from: number = delivery.rowsWritten;
        if (!(await store.jobDeliveries.advance(jobId, from, from + block.length))) {
          log.warn({ jobId }, 'another writer moved this delivery on: this one stops');
          return;
        }
        delivery = { ...delivery, rowsWritten: from + block.length };
        log.debug({ jobId, rows: block.length, rowsWritten: delivery.rowsWritten }, 'delivery block written');
      }
    } catch (error) {
      if (error instanceof DeliveryRefused) return fallBack(error.message);
      throw error;
    }
  };

  /**
   * Grows the tab when the block passes its last row or column (one read per loop, then only
   * writes). A delivery's first block also sets the number formats of every row the job may
   * have, from its columns (percent, thousands, dates: sheet-number-formats.ts), in the same
   * batchUpdate: one request per block of adjacent columns of one kind.
   */
  const ensureGrid = async (
    sheets: sheets_v4.Sheets,
    delivery: JobDelivery,
    known: GridSize | null,
    rows: number,
    width: number,
    columns: readonly Column[],
  ): Promise<GridSize> => {
    let grid = known;
    if (grid === null) {
      const answer = await pacedCall(scope, 'read', delivery.spreadsheetId, () =>
        sheets.spreadsheets.get(
          {
            spreadsheetId: delivery.spreadsheetId,
            fields: 'sheets.properties(sheetId,title,gridProperties(rowCount,columnCount))',
          },
          { retry: false },
        ),
      );
      const tab = (answer.data.sheets ?? []).find((sheet) => sheet.properties?.title === delivery.sheetName);
      const properties = tab?.properties;
      if (properties?.sheetId === undefined || properties.sheetId === null) {
        throw new DeliveryRefused(
          `The tab "${delivery.sheetName}" is no longer in this spreadsheet (renamed or deleted): the sidebar writes the remaining rows`,
        );
      }
      grid = {
        sheetId: properties.sheetId,
        rows: properties.gridProperties?.rowCount ?? 0,
        columns: properties.gridProperties?.columnCount ?? 0,
      };
    }
    const lastRow = delivery.firstRow + delivery.rowsWritten + rows - 1;
    const lastColumn = delivery.firstColumn + width - 1;
    const formats =
      known === null && delivery.rowsWritten === 0
        ? numberFormatRequests({
            sheetId: grid.sheetId,
            row: delivery.firstRow,
            column: delivery.firstColumn,
            rows,
            formats: columns.slice(0, width).map((column) => numberFormatOf(column.format)),
          })
        : [];
    const requests = [...gridGrowth(grid, lastRow, lastColumn), ...formats];
    if (requests.length === 0) return grid;
    await pacedCall(scope, 'write', delivery.spreadsheetId, () =>
      sheets.spreadsheets.batchUpdate(
        { spreadsheetId: delivery.spreadsheetId, requestBody: { requests } },
        { retry: false },
      ),
    );
    return { ...grid, rows: Math.max(grid.rows, lastRow), columns: Math.max(grid.columns, lastColumn) };
  };

  /** Reads the block's cells, refuses to cover anyone else's, then writes it at its fixed place. */
  const writeBlock = async (
    sheets: sheets_v4.Sheets,
    delivery: JobDelivery,
    block: SheetCell[][],
    width: number,
  ) => {
    const range = a1Range(
      delivery.sheetName,
      delivery.firstRow + delivery.rowsWritten,
      delivery.firstColumn,
      block.length,
      width,
    );
    const existing = await pacedCall(scope, 'read', delivery.spreadsheetId, () =>
      sheets.spreadsheets.values.get(
        {
          spreadsheetId: delivery.spreadsheetId,
          range,
          majorDimension: 'ROWS',
          valueRenderOption: 'UNFORMATTED_VALUE',
        },
        { retry: false },
      ),
    );
    const found = existing.data.values ?? [];
    for (let r = 0; r < found.length; r++) {
      const row: unknown[] = found[r] ?? [];
      for (let c = 0; c < row.length; c++) {
        if (!isOwnOrEmpty(row[c], block[r]?.[c] ?? '')) {
          throw new DeliveryRefused(
            `Cells in ${range} already hold other data: the worker writes over nothing it did not write. Clear them, or let the sidebar write the remaining rows`,
          );
        }
      }
    }
    await pacedCall(scope, 'write', delivery.spreadsheetId, () =>
      sheets.spreadsheets.values.update(
        {
          spreadsheetId: delivery.spreadsheetId,
          range,
          valueInputOption: 'RAW',
          includeValuesInResponse: false,
          requestBody: { range, majorDimension: 'ROWS', values: block },
        },
        { retry: false },
      ),
    );
  };

  return {
    async request(jobId, target) {
      const stored = await store.jobDeliveries.get(jobId);
      if (stored !== null) {
        kick(jobId);
        return deliveryState(stored);
      }
      if (access === null) return { mode: 'sidebar', rowsWritten: 0, reason: NO_IDENTITY };
      let reason: string | null = null;
      try {
        const sharing = await access.check(target.spreadsheetId);
        if (!sharing.shared) reason = sharing.reason;
      } catch (error) {
        reason = (error as Error).message;
      }
      if (reason !== null) return { mode: 'sidebar', rowsWritten: 0, reason };
      const { delivery, created } = await store.jobDeliveries.create(jobId, target);
      if (created) log.info({ jobId }, 'server delivery set');
      kick(jobId);
      return deliveryState(delivery);
    },
    kick,
    async resume() {
      if (access === null) return 0;
      // Deliveries whose instance died or stopped are taken over by this one as well, from now on.
      watch ??= watchAbandonedDeliveries(leaseDeps, leaseSettings, (jobId) => {
        options.onTakeover?.();
        kick(jobId);
      });
      // SQLite: one process owns the data directory, so any lease is an earlier run's (killed).
      if (!leaseSettings.shared) await store.jobDeliveries.freeLeases();
      const pending = await store.jobDeliveries.pending();
      for (const delivery of pending) kick(delivery.jobId);
      if (pending.length > 0) log.info({ deliveries: pending.length }, 'resuming server deliveries');
      return pending.length;
    },
    idle() {
      if (loops.size === 0) return Promise.resolve();
      return new Promise((resolve) => idleWaiters.push(resolve));
    },
    async stop() {
      watch?.stop();
      stopping.abort(new Error('the worker is stopping'));
      // Each loop hands its lease back as it ends: a live instance goes on with the rows left.
      await Promise.all([...loops.values()].map((loop) => loop.done));
    },
  };
}

/** A stored row as written RAW: a date column's `YYYY-MM-DD` as its serial, so its format reads it. */
function rawRow(row: unknown, columns: readonly Column[]): unknown {
  return Array.isArray(row) ? row.map((cell, i) => rawCellOf(cell as Cell, columns[i]?.format)) : row;
}
