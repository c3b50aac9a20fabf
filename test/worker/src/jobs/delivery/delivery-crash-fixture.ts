import type { ChildProcess } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobDelivery } from '../../../../../worker/src/store/job-delivery-repository';
import { openStore } from '../../../../../worker/src/store/sqlite/sqlite-store';
import { spawnReadyChild, stopChild } from '../../../../support/ready-child';
import { auth, DEV_KEY, SANDBOX_TOKEN } from '../../worker-fixture';
import { EDIT_PROOF_HEADER } from '../../../../../shared/worker-api/edit-proof';
import { challengeOf, writeChallenge } from '../../../../support/edit-proof';
import { addresses, SHEET_ID, startDeliveryWorld, TAB, type DeliveryWorld } from './server-delivery-fixture';

/**
 * A real `kill -9` of the worker in the middle of a server delivery (issue 14: "rows written twice
 * or missing: goal 0"). The sandbox and the Sheets API emulator run in this process; the worker
 * runs in a child process (delivery-crash-child.ts) on a data directory on disk, with its own
 * service account key file and the emulator's URL. The emulator is served behind a hook that
 * SIGKILLs the child at a chosen call, so the kill lands at the same point of the delivery every
 * run. A second child on the same data directory resumes the delivery and finishes it.
 *
 * Kill points, around the Nth block (`atBlock`):
 * - `write-received`: the block's `values.update` reached Google and was not applied;
 * - `write-applied`: Google applied the block, and its answer never reached the worker, so the
 *   store's `rowsWritten` does not count it: the window where a block may be written twice;
 * - `checkpointed`: the block's checkpoint is stored (the next block's read has reached Google).
 */
export type KillPoint = 'write-received' | 'write-applied' | 'checkpointed';

export const KILL_POINTS: readonly KillPoint[] = ['write-received', 'write-applied', 'checkpointed'];

export interface DeliveryCrashOptions {
  /** Addresses of the e-mail enrichment job. */
  rows?: number;
  /** The delivery's block size in cells (createWorkerDeps' `delivery.blocks.maxCells`). */
  maxCells?: number;
  /** The block around which the kill lands (1 = the first). */
  atBlock?: number;
  firstRow?: number;
}

export interface DeliveryCrashResult {
  point: KillPoint;
  jobId: string;
  /** The job's rows (every address, once). */
  rows: number;
  /** `rowsWritten` as the store held it after the kill. */
  rowsWrittenAtKill: number;
  /** The first child died of SIGKILL. */
  killed: boolean;
  /** Deliveries the second child resumed at its start. */
  resumed: number;
  /** The delivery as stored at the end. */
  delivery: JobDelivery | null;
  /** Job rows not at their place in the sheet (absent or different). */
  missing: number;
  /** Rows in the sheet below the job's last one: a row written twice at another place shows here. */
  extra: number;
  /** `values.update` calls Google applied, and of them those that covered rows written before. */
  writes: number;
  blocksRewritten: number;
  /** Sheet rows written more than once (each extra time counts), all at the same place. */
  rowsRewritten: number;
  /** Wall time from the first child's start to the delivery complete. */
  wallMs: number;
}

const CHILD = join(__dirname, 'delivery-crash-child.ts');
const VALUES_PATH = /^\/v4\/spreadsheets\/[^/]+\/values\/([^:?]+)$/;
/** The row numbers of an A1 range such as `'E-mails'!A2:I301`. */
const A1_ROWS = /![A-Z]+(\d+)(?::[A-Z]+(\d+))?$/;

/** The Sheets API emulator served behind a hook that SIGKILLs the worker at `point` around block `atBlock`. */
async function serveHookedEmulator(env: DeliveryWorld, point: KillPoint, atBlock: number) {
  let victim: ChildProcess | null = null;
  let reads = 0;
  let writes = 0;
  const applied: string[] = [];
  const held: ServerResponse[] = [];
  /** The kill; the call's answer is never sent (the connection dies with the process). */
  const kill = (res: ServerResponse) => {
    victim?.kill('SIGKILL');
    victim = null;
    held.push(res);
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://emulator').pathname;
    const match = VALUES_PATH.exec(path);
    if (match !== null && req.method === 'GET') {
      reads += 1;
      if (victim !== null && point === 'checkpointed' && reads === atBlock + 1) return kill(res);
    }
    if (match !== null && req.method === 'PUT') {
      writes += 1;
      const n = writes;
      if (victim !== null && point === 'write-received' && n === atBlock) return kill(res);
      const range = decodeURIComponent(match[1] ?? '');
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      // The emulator applies a write before it answers: at `end`, the cells hold the block.
      res.end = ((...args: unknown[]) => {
        if (res.statusCode === 200) applied.push(range);
        if (victim !== null && point === 'write-applied' && n === atBlock) {
          kill(res);
          return res;
        }
        return end(...args);
      }) as ServerResponse['end'];
    }
    env.emulator.app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    arm: (child: ChildProcess) => {
      victim = child;
    },
    applied,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function call(
  url: string,
  method: string,
  body?: unknown,
  proof?: string,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method,
    headers: {
      ...auth(DEV_KEY),
      'Content-Type': 'application/json',
      ...(proof === undefined ? {} : { [EDIT_PROOF_HEADER]: proof }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

/** Answers a 403 `edit_proof_required` as the add-on does: the challenge written, the call again. */
async function withChallengeWritten(
  env: DeliveryWorld,
  first: { status: number; body: unknown },
  again: (proof: string) => Promise<{ status: number; body: unknown }>,
): Promise<{ status: number; body: unknown }> {
  const challenge = challengeOf(first.status, first.body);
  const remove = writeChallenge(env.fakes.spreadsheet, challenge);
  try {
    return await again(challenge.metadataValue);
  } finally {
    remove();
  }
}

/** Every job row as sheet cells, padded to `width` ('' for null and absent), in position order. */
function asCells(rows: unknown[][], width: number): unknown[][] {
  return rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? ''));
}

/** Counts the sheet rows written more than once, and the writes that covered any of them. */
function rewrites(applied: readonly string[]): { blocks: number; rows: number } {
  const times = new Map<number, number>();
  let blocks = 0;
  for (const range of applied) {
    const match = A1_ROWS.exec(range);
    if (match === null) throw new Error(`unexpected range ${range}`);
    const from = Number(match[1]);
    const to = Number(match[2] ?? match[1]);
    let again = false;
    for (let row = from; row <= to; row++) {
      const before = times.get(row) ?? 0;
      if (before > 0) again = true;
      times.set(row, before + 1);
    }
    if (again) blocks += 1;
  }
  let rows = 0;
  for (const count of times.values()) rows += count - 1;
  return { blocks, rows };
}

/**
 * One run: a job of `rows` addresses delivered by a worker that is killed with SIGKILL at `point`,
 * then finished by a second worker on the same data directory; what the sheet holds at the end.
 */
export async function runDeliveryCrash(
  point: KillPoint,
  options: DeliveryCrashOptions = {},
): Promise<DeliveryCrashResult> {
  const rowCount = options.rows ?? 3_000;
  const maxCells = options.maxCells ?? 2_700;
  const atBlock = options.atBlock ?? 3;
  const firstRow = options.firstRow ?? 2;
  const env = await startDeliveryWorld({
    quotas: {
      readsPerMinutePerUser: 100_000,
      writesPerMinutePerUser: 100_000,
      readsPerMinutePerProject: 100_000,
      writesPerMinutePerProject: 100_000,
    },
  });
  const hooked = await serveHookedEmulator(env, point, atBlock);
  const root = mkdtempSync(join(tmpdir(), 'delivery-crash-'));
  const dataDir = join(root, 'data');
  const logFile = join(root, 'worker.log');
  const childEnv = {
    CRASH_CHILD_ENV: JSON.stringify({
      SANDBOX_TOKEN,
      SANDBOX_RATE_DISCOVERY: '200',
      WORKER_DEV_KEY: DEV_KEY,
      GOOGLE_APPLICATION_CREDENTIALS: env.keyFile,
      GOOGLE_API_URL: hooked.url,
    }),
    DELIVERY_CRASH_CHILD: JSON.stringify({ dataDir, sandboxUrl: env.world.sandboxUrl, logFile, maxCells }),
  };
  const start = () =>
    spawnReadyChild<{ url: string; resumed: number }>(CHILD, childEnv, logFile, 'The delivery crash worker');
  const started = performance.now();
  try {
    // The first worker: the job, its delivery, and the kill.
    const first = await start();
    const exited = new Promise<string | null>((resolve) =>
      first.process.once('exit', (_code, signal) => resolve(signal)),
    );
    hooked.arm(first.process);
    const created = await call(`${first.ready.url}/api/jobs`, 'POST', {
      kind: 'email-enrichment',
      input: { emails: addresses(rowCount, `crash-${point}`) },
    });
    if (created.status !== 202) throw new Error(`job: ${created.status} ${JSON.stringify(created.body)}`);
    const jobId = (created.body as { id: string }).id;
    const target = { spreadsheetId: SHEET_ID, sheetName: TAB, firstRow, firstColumn: 1 };
    const deliveryUrl = `${first.ready.url}/api/jobs/${jobId}/delivery`;
    // As the add-on asks: proof of edit access written into the sheet, then the delivery (issue 22).
    const answer = await withChallengeWritten(env, await call(deliveryUrl, 'PUT', target), (proof) =>
      call(deliveryUrl, 'PUT', target, proof),
    );
    if ((answer.body as { mode?: string }).mode !== 'server')
      throw new Error(`delivery refused: ${JSON.stringify(answer.body)}`);
    const signal = await Promise.race([
      exited,
      new Promise<string>((resolve) => setTimeout(() => resolve('timeout'), 60_000).unref()),
    ]);
    if (signal === 'timeout') {
      await stopChild(first.process);
      throw new Error(`the worker was not killed at ${point} (block ${atBlock})`);
    }

    const afterKill = openStore({ dataDir });
    const rowsWrittenAtKill = (await afterKill.jobDeliveries.get(jobId))?.rowsWritten ?? -1;
    afterKill.close();

    // The second worker on the same data directory: it resumes the job and the delivery.
    const second = await start();
    let delivery: JobDelivery | null = null;
    try {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const state = await call(`${second.ready.url}/_crash/delivery/${jobId}`, 'GET');
        delivery = (state.body as { delivery: JobDelivery | null }).delivery;
        if (delivery?.delivered === true || delivery?.mode !== 'server') break;
        if (Date.now() > deadline) throw new Error(`delivery not complete: ${JSON.stringify(delivery)}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await stopChild(second.process);
    }
    const wallMs = performance.now() - started;

    const store = openStore({ dataDir });
    const stored: unknown[][] = [];
    try {
      for (;;) {
        const page = await store.jobs.rows(jobId, { after: stored.length, limit: 1_000 });
        if (page.rows.length === 0) break;
        stored.push(...page.rows.map(({ row }) => (Array.isArray(row) ? (row as unknown[]) : [])));
      }
    } finally {
      store.close();
    }
    const width = Math.max(1, ...stored.map((row) => row.length));
    const expected = asCells(stored, width);
    const sheet = env.fakes.spreadsheet.requireSheet(TAB);
    const lastRow = sheet.getMaxRows();
    const inSheet =
      lastRow >= firstRow
        ? sheet
            .getRange(firstRow, 1, lastRow - firstRow + 1, Math.max(width, sheet.getMaxColumns()))
            .getValues()
        : [];
    let missing = 0;
    for (let i = 0; i < expected.length; i++) {
      const row = inSheet[i]?.slice(0, width);
      const beyond = inSheet[i]?.slice(width) ?? [];
      if (
        row === undefined ||
        JSON.stringify(row) !== JSON.stringify(expected[i]) ||
        beyond.some((cell) => cell !== '')
      )
        missing += 1;
    }
    const extra = inSheet.slice(expected.length).filter((row) => row.some((cell) => cell !== '')).length;
    const rewritten = rewrites(hooked.applied);
    return {
      point,
      jobId,
      rows: expected.length,
      rowsWrittenAtKill,
      killed: (await exited) === 'SIGKILL',
      resumed: second.ready.resumed,
      delivery,
      missing,
      extra,
      writes: hooked.applied.length,
      blocksRewritten: rewritten.blocks,
      rowsRewritten: rewritten.rows,
      wallMs,
    };
  } finally {
    await hooked.close();
    await env.close();
    rmSync(root, { recursive: true, force: true });
  }
}
