import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { Clock } from '../../../../../worker/common/clock';
import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../../../../worker/playground/apps-script/create-fakes';
import type { QuotaLimits } from '../../../../../worker/playground/sheets-api/quotas';
import type { FakeSpreadsheet } from '../../../../../worker/playground/apps-script/spreadsheet/spreadsheet';
import {
  serveSheetsApiEmulator,
  type ServedEmulator,
} from '../../../../../worker/playground/sheets-api/serve-sheets-api-emulator';
import {
  createServiceAccountKey,
  type GeneratedServiceAccount,
} from '../../../../../worker/playground/sheets-api/service-account-key';
import {
  createSheetsApiEmulator,
  type SheetsApiEmulator,
} from '../../../../../worker/playground/sheets-api/sheets-api-emulator';
import { proveEditAccess } from '../../../../support/edit-proof';
import { EDIT_PROOF_HEADER } from '../../../../../shared/worker-api/edit-proof';
import { auth, startWorkerWorld, type WorkerWorld, type WorkerWorldOptions } from '../../worker-fixture';

/**
 * The whole worker (sandbox upstream) with its own service account signed in to the Sheets API
 * emulator over loopback, and the emulator's spreadsheet as Apps Script fakes to read back.
 */

export const SHEET_ID = '1ServerDeliverySpreadsheet000000000000000000';
export const TAB = 'E-mails';

export interface DeliveryWorld {
  world: WorkerWorld;
  /** SHEET_ID's spreadsheet. */
  fakes: AppsScriptFakes;
  /** Any spreadsheet of the world by id (SHEET_ID's and `spreadsheets`'). */
  spreadsheet(id: string): FakeSpreadsheet;
  emulator: SheetsApiEmulator;
  served: ServedEmulator;
  account: GeneratedServiceAccount;
  keyFile: string;
  close(): Promise<void>;
}

export interface DeliveryWorldOptions {
  quotas?: Partial<QuotaLimits>;
  /** The emulator's clock (quota minutes); the system's by default. */
  clock?: Clock;
  /** Shared with the service account as writer; true by default. */
  shared?: boolean;
  delivery?: WorkerWorldOptions['delivery'];
  /** Worker and SANDBOX_* settings on top of the fixture's (SANDBOX_CREDITS for a long bench). */
  env?: Record<string, string>;
  /** The worker's clock; the system's when absent (`clock` above is the emulator's). */
  workerClock?: WorkerWorldOptions['clock'];
  /** The sandbox's clock: the day its reports are of (a later day's report reads other numbers). */
  sandboxClock?: WorkerWorldOptions['sandboxClock'];
  /** The worker's store (a Postgres one); in-memory SQLite when absent. */
  store?: WorkerWorldOptions['store'];
  /** The ID-token verifier (members signing in with Google); none when absent. */
  verifier?: WorkerWorldOptions['verifier'];
  /** Told after every write the emulator applied, before its answer leaves (a stopped writer's test). */
  onWrite?: (spreadsheetId: string) => void;
  /** How failed scheduled runs are e-mailed and posted. */
  alerts?: WorkerWorldOptions['alerts'];
  /** More spreadsheets beside SHEET_ID's, each shared with the service account as writer unless `shared` is false. */
  spreadsheets?: { id: string; tabs: string[]; shared?: boolean }[];
}

/** The spreadsheet, Google's Sheets API over it, and a service account it is shared with. */
export type SharedSheet = Omit<DeliveryWorld, 'world'>;

/**
 * SHEET_ID's spreadsheet (tab TAB) as Apps Script fakes, the Sheets API v4 emulator over it served
 * on loopback, and a service account (its key file on disk) it is shared with as writer unless
 * `shared` is false: what a worker needs in GOOGLE_APPLICATION_CREDENTIALS and GOOGLE_API_URL.
 */
export async function serveSharedSheet(
  options: Pick<DeliveryWorldOptions, 'quotas' | 'clock' | 'shared' | 'spreadsheets' | 'onWrite'> = {},
): Promise<SharedSheet> {
  const fakes = createAppsScriptFakes({ spreadsheet: { id: SHEET_ID, sheets: [TAB] } });
  const others = (options.spreadsheets ?? []).map((sheet) => ({
    ...sheet,
    fakes: createAppsScriptFakes({ spreadsheet: { id: sheet.id, sheets: sheet.tabs } }),
  }));
  const byId = new Map([[SHEET_ID, fakes], ...others.map((sheet) => [sheet.id, sheet.fakes] as const)]);
  const emulator = createSheetsApiEmulator({
    spreadsheets: (id) => byId.get(id)?.spreadsheet ?? null,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.quotas ? { quotas: options.quotas } : {}),
    ...(options.onWrite ? { onWrite: options.onWrite } : {}),
  });
  const account = createServiceAccountKey({ clientEmail: 'delivery@team-project.iam.gserviceaccount.com' });
  emulator.addServiceAccount({
    clientEmail: account.clientEmail,
    publicKeyPem: account.publicKeyPem,
    keyId: account.keyId,
  });
  if (options.shared !== false) emulator.share(SHEET_ID, account.clientEmail, 'writer');
  for (const sheet of others) {
    if (sheet.shared !== false) emulator.share(sheet.id, account.clientEmail, 'writer');
  }
  const served = await serveSheetsApiEmulator(emulator);
  const dir = mkdtempSync(join(tmpdir(), 'server-delivery-'));
  const keyFile = join(dir, 'service-account.json');
  writeFileSync(keyFile, JSON.stringify(account.keyFile));
  return {
    fakes,
    spreadsheet: (id) => {
      const found = byId.get(id);
      if (found === undefined) throw new Error(`no spreadsheet ${id} in this world`);
      return found.spreadsheet;
    },
    emulator,
    served,
    account,
    keyFile,
    close: async () => {
      await served.close();
      fakes.dispose();
      for (const sheet of others) sheet.fakes.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function startDeliveryWorld(options: DeliveryWorldOptions = {}): Promise<DeliveryWorld> {
  const sheet = await serveSharedSheet(options);
  const world = await startWorkerWorld({
    env: { GOOGLE_APPLICATION_CREDENTIALS: sheet.keyFile, GOOGLE_API_URL: sheet.served.url, ...options.env },
    ...(options.delivery ? { delivery: options.delivery } : {}),
    ...(options.store ? { store: options.store } : {}),
    ...(options.verifier ? { verifier: options.verifier } : {}),
    ...(options.workerClock ? { clock: options.workerClock } : {}),
    ...(options.sandboxClock ? { sandboxClock: options.sandboxClock } : {}),
    ...(options.alerts ? { alerts: options.alerts } : {}),
  });
  // The development key's caller edits the spreadsheet, as the add-on proves (issue 22).
  if (options.shared !== false) await proveEditAccess(world.app, auth(), sheet.fakes.spreadsheet);
  return {
    ...sheet,
    world,
    close: async () => {
      await world.close();
      await sheet.close();
    },
  };
}

/** `count` distinct addresses, some the sandbox knows and some it does not. */
export function addresses(count: number, prefix = 'creator'): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}.${i}@brand${i % 37}.example.com`);
}

export async function startEmailJob(world: WorkerWorld, emails: string[]): Promise<string> {
  const res = await request(world.app)
    .post('/api/jobs')
    .set(auth())
    .send({ kind: 'email-enrichment', input: { emails } });
  if (res.status !== 202) throw new Error(`job: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as { id: string }).id;
}

export function putDelivery(world: WorkerWorld, jobId: string, body: object, key?: string, proof?: string) {
  const call = request(world.app).put(`/api/jobs/${jobId}/delivery`).set(auth(key));
  return (proof === undefined ? call : call.set(EDIT_PROOF_HEADER, proof)).send(body);
}

/** Waits (real time) until the job ended and its delivery loop is idle. */
export async function settled(world: WorkerWorld, jobId: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await world.deps.store.jobs.get(jobId);
    if (job !== null && job.status !== 'queued' && job.status !== 'running') {
      await world.deps.jobDeliveries.idle();
      const delivery = await world.deps.store.jobDeliveries.get(jobId);
      if (delivery === null || delivery.mode === 'sidebar' || delivery.delivered) return;
    }
    if (Date.now() > deadline) throw new Error(`job ${jobId} not settled in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every row of the job as the sidebar would read them, as sheet cells (null and absent: ''). */
export async function jobRowsAsCells(world: WorkerWorld, jobId: string): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for (;;) {
    const res = await request(world.app)
      .get(`/api/jobs/${jobId}/rows?after=${rows.length}&limit=5000`)
      .set(auth());
    const page = res.body as { rows: { row: unknown[] }[] };
    if (page.rows.length === 0) break;
    rows.push(...page.rows.map(({ row }) => row));
  }
  const width = Math.max(...rows.map((row) => row.length));
  return rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
}
