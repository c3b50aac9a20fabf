import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { CellWindow, PlaygroundState } from '../../worker/playground/playground-api';
import { parseA1 } from '../../worker/playground/apps-script/a1-notation';
import type { PlaygroundWorkerReady } from './playground-worker-child';

/**
 * What a browser test runs against: the worker as `npm start` runs it (sandbox mode, the
 * playground building the add-on from this tree) in a child process, and Debian's Chromium
 * driven by playwright-core on its page. The grid and sidebar helpers are in grid-driver.ts and
 * sidebar-driver.ts.
 */

export const CHROMIUM_PATH = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const REPO_ROOT = path.resolve(__dirname, '../..');
/** The world is small and its limits off: the tests wait on the product, not on pacing. */
const WORKER_ENV: Record<string, string> = {
  PORT: '0',
  SANDBOX_CREATORS: '2000',
  SANDBOX_CREDITS: '1000000',
  SANDBOX_RAW_REQUESTS: '100000',
  SANDBOX_RATE_DISCOVERY: 'off',
  SANDBOX_RATE_DICTIONARY_FAST: 'off',
  SANDBOX_RATE_AI: 'off',
  LOG_LEVEL: 'warn',
};

export interface PlaygroundSession extends PlaygroundWorkerReady {
  browser: Browser;
  /** The playground page, loaded, with the add-on ready and its sidebar open. */
  page: Page;
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
  /** Known e-mail addresses to hand the tests (default 2,000). */
  emails?: number;
}

/** Chromium from Debian, or a failure that says how to get it: a browser test never skips. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The browser tests need Chromium at ${CHROMIUM_PATH}: apt-get install -y chromium (.ci/run installs it)`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
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
      startChild(
        {
          ...WORKER_ENV,
          DATA_DIR: dataDir,
          PLAYGROUND_TEST_EMAILS: String(options.emails ?? 2000),
          ...options.env,
        },
        logFile,
      ),
      launchChromium(),
    ]);
    if (started.status === 'fulfilled') child = started.value.process;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    const { ready } = started.value;
    const openBrowser = launched.value;
    const page = await openBrowser.newPage({ viewport: options.viewport ?? { width: 1400, height: 900 } });
    await page.goto(`${ready.url}/`);
    await page.locator('#sidebar-frame').waitFor({ state: 'visible' });
    await page.locator('[role="tab"][data-sheet]').first().waitFor();
    const api = async <T>(route: string): Promise<T> => {
      const response = await fetch(`${ready.url}${route}`);
      if (!response.ok) throw new Error(`GET ${route}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    return {
      ...ready,
      browser: openBrowser,
      page,
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

function startChild(
  env: Record<string, string>,
  logFile: string,
): Promise<{ ready: PlaygroundWorkerReady; process: ChildProcess }> {
  // The log goes to a file, never a pipe nobody drains.
  const log = openSync(logFile, 'a');
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(__dirname, 'playground-worker-child.ts')],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', log],
    },
  );
  closeSync(log);
  let stdout = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf('\n');
      if (newline === -1) return;
      child.stdout?.off('data', onData);
      child.stdout?.resume();
      try {
        resolve({ ready: JSON.parse(stdout.slice(0, newline)) as PlaygroundWorkerReady, process: child });
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) =>
      reject(
        new Error(
          `The playground's worker exited with ${String(code)} before it was ready:\n${readFileSync(logFile, 'utf8').slice(-20_000)}`,
        ),
      ),
    );
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
