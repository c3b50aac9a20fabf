import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { CellWindow, PlaygroundState } from '../../worker/playground/playground-api';
import { parseA1 } from '../../worker/playground/apps-script/spreadsheet/a1-range-reader';
import { FAST_SANDBOX_ENV } from '../support/fast-sandbox-env';
import { spawnReadyChild, stopChild } from '../support/ready-child';
import { CHROMIUM_SETTING, chooseChromium, chromiumLaunchOptions } from './chromium-path';
import type { PlaygroundWorkerReady } from './playground-worker-child';

/**
 * What a browser test runs against: the worker as `npm start` runs it (sandbox mode, the
 * playground building the add-on from this tree) in a child process, and Chromium (Debian's, or
 * the one npm installed: chromium-path.ts) driven by playwright-core on its page. The grid and sidebar helpers are in grid-driver.ts and
 * sidebar-driver.ts.
 */

export interface PlaygroundSession extends PlaygroundWorkerReady {
  browser: Browser;
  /** The playground page, loaded, with the add-on ready and its sidebar open. */
  page: Page;
  /** What the page threw and did not catch since it loaded (a test expects none). */
  pageErrors: string[];
  /** The worker's log so far. */
  logs(): string;
  /** The playground's state as the worker has it. */
  state(): Promise<PlaygroundState>;
  /** Display values of a range ("A1:C10"), read from the worker rather than the screen. */
  cells(sheet: string, range: string): Promise<string[][]>;
  close(): Promise<void>;
}

export interface PlaygroundSessionOptions {
  /** Worker and SANDBOX_* settings on top of the defaults. */
  env?: Record<string, string>;
  viewport?: { width: number; height: number };
  /** The browser's time zone (IANA), unlike the playground spreadsheet's (Europe/Berlin); the machine's when absent. */
  timezoneId?: string;
  /** Known e-mail addresses to hand the tests (default 2,000). */
  emails?: number;
}

/** Debian's Chromium, else npm's (or the one CREATOR_SHEETS_CHROMIUM names): a browser test never skips. */
export async function launchChromium(): Promise<Browser> {
  const options = await chromiumLaunchOptions(chooseChromium(process.env[CHROMIUM_SETTING], existsSync));
  return chromium.launch(options);
}

export async function startPlaygroundSession(
  options: PlaygroundSessionOptions = {},
): Promise<PlaygroundSession> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'playground-browser-'));
  const logFile = path.join(dataDir, 'worker.log');
  if (process.env.PLAYGROUND_WORKER_LOGS === '1') process.stderr.write(`playground worker log: ${logFile}\n`);
  let child: ChildProcess | null = null;
  let browser: Browser | null = null;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    if (child !== null) await stopChild(child);
    if (process.env.PLAYGROUND_WORKER_LOGS !== '1') rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // Both take seconds: the browser starts while the worker builds the add-on.
    const [started, launched] = await Promise.allSettled([
      spawnReadyChild<PlaygroundWorkerReady>(
        path.join(__dirname, 'playground-worker-child.ts'),
        {
          ...FAST_SANDBOX_ENV,
          PORT: '0',
          DATA_DIR: dataDir,
          PLAYGROUND_TEST_EMAILS: String(options.emails ?? 2000),
          ...options.env,
        },
        logFile,
        "The playground's worker",
      ),
      launchChromium(),
    ]);
    if (started.status === 'fulfilled') child = started.value.process;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    const { ready } = started.value;
    const openBrowser = launched.value;
    const page = await openBrowser.newPage({
      viewport: options.viewport ?? { width: 1400, height: 900 },
      ...(options.timezoneId === undefined ? {} : { timezoneId: options.timezoneId }),
    });
    await page.goto(`${ready.url}/`);
    await page.locator('#sidebar-frame').waitFor({ state: 'visible' });
    await page.locator('[role="tab"][data-sheet]').first().waitFor();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const api = async <T>(route: string): Promise<T> => {
      const response = await fetch(`${ready.url}${route}`);
      if (!response.ok) throw new Error(`GET ${route}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    return {
      ...ready,
      browser: openBrowser,
      page,
      pageErrors,
      logs: () => readFileSync(logFile, 'utf8'),
      state: () => api<PlaygroundState>('/playground/state'),
      cells: async (sheet, range) => {
        const area = parseA1(range, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
        const query = new URLSearchParams({
          sheet,
          row: String(area.row),
          column: String(area.column),
          rows: String(area.numRows),
          columns: String(area.numColumns),
        });
        const window = await api<CellWindow>(`/playground/cells?${query.toString()}`);
        return window.cells.map((line) => line.map((cell) => cell?.v ?? ''));
      },
      close: cleanUp,
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
