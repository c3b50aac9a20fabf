import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { SHEETS_NUMBER_FORMATS, type Column } from '../../../../../shared/rows/columns';
import { createApp } from '../../../../../worker/src/app';
import { createWorkerDeps } from '../../../../../worker/src/app-deps';
import { openStore } from '../../../../../worker/src/store/sqlite/sqlite-store';
import { ManualClock } from '../../../playground/sheets-api/emulator-harness';
import { auth } from '../../worker-fixture';
import { proveEditAccess, sendAsAddon } from '../../../../support/edit-proof';
import {
  addresses,
  jobRowsAsCells,
  putDelivery,
  settled,
  SHEET_ID,
  startDeliveryWorld,
  startEmailJob,
  TAB,
  type DeliveryWorld,
} from './server-delivery-fixture';

/**
 * Server delivery (issue 14) through the whole worker: an e-mail enrichment job on the sandbox,
 * its rows written by the worker's service account into the Sheets API emulator over loopback.
 */

const target = (firstRow = 2, firstColumn = 1) => ({
  spreadsheetId: SHEET_ID,
  sheetName: TAB,
  firstRow,
  firstColumn,
});

jest.setTimeout(120_000);

describe('a shared sheet', () => {
  let env: DeliveryWorld;
  beforeAll(async () => {
    env = await startDeliveryWorld();
  });
  afterAll(async () => {
    await env.close();
  });

  it('receives every row of a 3,000-address job at its place, within the write quota, without a 429', async () => {
    const { world, emulator, fakes } = env;
    const emails = addresses(3000);
    const jobId = await startEmailJob(world, emails);
    const answer = await putDelivery(world, jobId, target(2, 2));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ mode: 'server' });
    await settled(world, jobId);

    const rows = await jobRowsAsCells(world, jobId);
    expect(rows).toHaveLength(3000);
    const width = rows[0]?.length ?? 0;
    const inSheet = fakes.spreadsheet.requireSheet(TAB).getRange(2, 2, 3000, width).getValues();
    expect(inSheet).toEqual(rows);
    // Nothing above, beside or below the block.
    const sheet = fakes.spreadsheet.requireSheet(TAB);
    expect(
      sheet
        .getRange(1, 1, 3001, 1)
        .getValues()
        .flat()
        .every((cell) => cell === ''),
    ).toBe(true);
    // The tab grew to the block's last row and column, no further.
    expect(sheet.getMaxRows()).toBe(3001);
    expect(sheet.getMaxColumns()).toBe(Math.max(26, width + 1));

    const stats = emulator.stats();
    expect(stats.rateLimited).toBe(0);
    const writes = stats.byMethod['spreadsheets.values.update'] ?? 0;
    expect(writes).toBeGreaterThanOrEqual(1);
    expect(writes).toBeLessThanOrEqual(6);
    expect(stats.byStatus['200']).toBe(stats.calls);

    const progress = await request(world.app).get(`/api/jobs/${jobId}`).set(auth());
    expect(progress.body.delivery).toEqual({ mode: 'server', rowsWritten: 3000 });
    // Every row reads as the sidebar shows it: its columns' number formats, set once, with the growth.
    const formats = (progress.body.columns as Column[]).map((column) => SHEETS_NUMBER_FORMATS[column.format]);
    expect(sheet.getRange(2, 2, 1, width).getNumberFormats()).toEqual([formats]);
    expect(sheet.getRange(3001, 2, 1, width).getNumberFormats()).toEqual([formats]);
    expect(stats.byMethod['spreadsheets.batchUpdate']).toBe(1);
    // Asking again answers the delivery as it stands, and writes nothing more.
    const again = await putDelivery(world, jobId, target(2, 2));
    expect(again.body).toEqual({ mode: 'server', rowsWritten: 3000 });
    await world.deps.jobDeliveries.idle();
    expect(emulator.stats().byMethod['spreadsheets.values.update']).toBe(writes);
    // No cell, address or range in the log.
    expect(world.logs()).not.toContain(emails[5]);
    expect(world.logs()).not.toContain(`'${TAB}'!`);
  });

  it('stops at a cell someone else filled, names the range, and leaves the cell as it was', async () => {
    const { world, fakes } = env;
    const sheet = fakes.spreadsheet.requireSheet(TAB);
    sheet.insertRowsAfter(sheet.getMaxRows(), 3000);
    sheet.getRange(5100 + 40, 20).setValue('keep me');
    const jobId = await startEmailJob(world, addresses(200, 'other'));
    const answer = await putDelivery(world, jobId, target(5100, 20));
    expect(answer.body.mode).toBe('server');
    await settled(world, jobId);
    const progress = await request(world.app).get(`/api/jobs/${jobId}`).set(auth());
    expect(progress.body.delivery).toEqual({
      mode: 'sidebar',
      rowsWritten: 0,
      reason: expect.stringContaining(`'${TAB}'!T5100:`),
    });
    expect(progress.body.delivery.reason).toMatch(/already hold other data/);
    expect(sheet.getRange(5100 + 40, 20).getValue()).toBe('keep me');
    expect(sheet.getRange(5100, 20).getValue()).toBe('');
  });

  it('is refused to a document key (the formulas cannot start deliveries)', async () => {
    const { world } = env;
    const jobId = await startEmailJob(world, addresses(3, 'doc'));
    const documentKey = (await world.deps.store.keys.issue('ana@team.com', SHEET_ID)).key;
    expect((await putDelivery(world, jobId, target(), documentKey)).status).toBe(403);
    expect((await putDelivery(world, jobId, { ...target(), firstRow: 0 })).status).toBe(400);
    expect((await putDelivery(world, 'no-such-job', target())).status).toBe(404);
    await settled(world, jobId);
  });
});

describe('a sheet not shared with the service account', () => {
  it('answers sidebar with the reason, stores nothing and writes nothing', async () => {
    const env = await startDeliveryWorld({ shared: false });
    try {
      const jobId = await startEmailJob(env.world, addresses(20));
      // As the add-on asks: the worker wants proof, cannot read the sheet to find it, and says so.
      const answer = await sendAsAddon(
        (proof) => putDelivery(env.world, jobId, target(), undefined, proof),
        env.fakes.spreadsheet,
      );
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        mode: 'sidebar',
        rowsWritten: 0,
        reason: expect.stringContaining(`not shared with ${env.account.clientEmail}`),
      });
      await settled(env.world, jobId);
      expect(await env.world.deps.store.jobDeliveries.get(jobId)).toBeNull();
      expect(env.emulator.stats().writes).toBe(0);
    } finally {
      await env.close();
    }
  });
});

describe('a tiny per-minute quota', () => {
  it('backs off on 429 and still writes every row once', async () => {
    const clock = new ManualClock();
    // The worker's waits pass on the emulator's clock at once: minutes of quota in no time.
    const sleep = async (ms: number) => {
      clock.advance(ms);
      await new Promise((resolve) => setImmediate(resolve));
    };
    const env = await startDeliveryWorld({
      clock,
      quotas: { writesPerMinutePerUser: 2, readsPerMinutePerUser: 3 },
      delivery: { clock, sleep, blocks: { maxCells: 2_000 } },
    });
    try {
      const jobId = await startEmailJob(env.world, addresses(1200, 'slow'));
      await settled(env.world, jobId);
      const answer = await putDelivery(env.world, jobId, target(3, 1));
      expect(answer.body.mode).toBe('server');
      await settled(env.world, jobId);
      const rows = await jobRowsAsCells(env.world, jobId);
      const inSheet = env.fakes.spreadsheet
        .requireSheet(TAB)
        .getRange(3, 1, rows.length, rows[0]?.length ?? 1)
        .getValues();
      expect(inSheet).toEqual(rows);
      const stats = env.emulator.stats();
      expect(stats.rateLimited).toBeGreaterThan(0);
      expect(await env.world.deps.store.jobDeliveries.get(jobId)).toMatchObject({
        mode: 'server',
        rowsWritten: 1200,
        delivered: true,
      });
    } finally {
      await env.close();
    }
  });
});

describe('a worker stopped mid-delivery', () => {
  it('is finished by the next worker on the same data directory, no row missing or written twice', async () => {
    const env = await startDeliveryWorld();
    const dataDir = mkdtempSync(join(tmpdir(), 'delivery-restart-'));
    const config = env.world.config;
    const open = (slowly: boolean) => {
      const store = openStore({ dataDir, reportCacheDays: config.reportCacheDays });
      const deps = createWorkerDeps({
        config,
        store,
        upstream: env.world.deps.upstream,
        upstreamMonitor: env.world.deps.upstreamMonitor,
        logger: env.world.deps.logger,
        devKey: config.devKey,
        // Small blocks, so the first worker stops with some written and some not.
        delivery: { blocks: { maxCells: slowly ? 300 : 40_000 } },
      });
      return { store, deps, app: createApp(deps) };
    };
    try {
      const first = open(true);
      await proveEditAccess(first.app, auth(), env.fakes.spreadsheet);
      const created = await request(first.app)
        .post('/api/jobs')
        .set(auth())
        .send({ kind: 'email-enrichment', input: { emails: addresses(600, 'restart') } });
      const jobId = created.body.id as string;
      await first.deps.jobRunner.idle();
      await putDelivery({ ...env.world, app: first.app }, jobId, target(2, 1));
      for (let i = 0; i < 200; i++) {
        const delivery = await first.store.jobDeliveries.get(jobId);
        if ((delivery?.rowsWritten ?? 0) >= 40) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await first.deps.jobDeliveries.stop();
      await first.deps.jobRunner.stop();
      const cut = (await first.store.jobDeliveries.get(jobId))?.rowsWritten ?? 0;
      expect(cut).toBeGreaterThan(0);
      expect(cut).toBeLessThan(600);
      first.store.close();

      const second = open(false);
      try {
        expect(await second.deps.jobDeliveries.resume()).toBe(1);
        await second.deps.jobDeliveries.idle();
        expect(await second.store.jobDeliveries.get(jobId)).toMatchObject({
          rowsWritten: 600,
          delivered: true,
          mode: 'server',
        });
        const rows = (await second.store.jobs.rows(jobId, { limit: 1000 })).rows.map(({ row }) =>
          Array.from({ length: (row as unknown[]).length }, (_, i) => (row as unknown[])[i] ?? ''),
        );
        const sheet = env.fakes.spreadsheet.requireSheet(TAB);
        expect(sheet.getRange(2, 1, 600, rows[0]?.length ?? 1).getValues()).toEqual(rows);
        // Nothing below the job's last row.
        expect(
          sheet
            .getRange(602, 1, 50, rows[0]?.length ?? 1)
            .getValues()
            .flat()
            .every((cell) => cell === ''),
        ).toBe(true);
      } finally {
        second.store.close();
      }
    } finally {
      await env.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
