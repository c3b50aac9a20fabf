import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { FromChild, HostInit, HostRequest, HostValues, SidebarPage, ToChild } from './host-protocol';
import type { PlaygroundPhase, SpreadsheetSnapshot } from './playground-api';
import { REPO_ROOT } from './playground-paths';
import { SerialQueue } from './serial-queue';

/**
 * The worker's side of the playground's Apps Script process (apps-script-host-child.ts): starts
 * it, keeps its latest status and snapshot (so the page's polling never waits for it), and sends
 * it one request at a time. The process is separate because the fakes' UrlFetchApp blocks its
 * thread while this worker answers, and a TypeScript build is seconds of CPU.
 */

export interface HostStatus {
  phase: PlaygroundPhase;
  message: string;
  /** The page's scripts are built. */
  pageReady: boolean;
  /** The script's top-level functions, once loaded: what google.script.run offers. */
  functions: string[];
}

/** The script refused the request (a bad range, an unknown tab): the caller's to fix. */
export class HostRequestError extends Error {
  override readonly name = 'HostRequestError';
}

/** No answer can come now: still building, failed, or stopping. */
export class HostUnavailableError extends Error {
  override readonly name = 'HostUnavailableError';
}

/** What the playground's routes need of the host (tests give them a fake). */
export interface PlaygroundHost {
  readonly status: HostStatus;
  readonly snapshot: SpreadsheetSnapshot | null;
  request<R extends HostRequest>(request: R): Promise<HostValues[R['type']]>;
  sidebarPage(id: number): SidebarPage | null;
}

interface AppsScriptHostOptions {
  init: HostInit;
  /** Lines the process writes (rollup's notes, a crash's stack). */
  onOutput?: (line: string) => void;
  /** Called on every status change. */
  onStatus?: (status: HostStatus) => void;
}

const CHILD_ENTRY = path.join(__dirname, 'apps-script-host-child.ts');
/** Sidebar pages kept for the iframe (a reload of an older one still finds it). */
const KEPT_SIDEBARS = 5;
const STOP_GRACE_MS = 2000;

export class AppsScriptHost implements PlaygroundHost {
  status: HostStatus = { phase: 'building', message: 'Starting…', pageReady: false, functions: [] };
  snapshot: SpreadsheetSnapshot | null = null;
  /** Settles when the add-on is loaded, or rejects with why it could not be. */
  readonly ready: Promise<void>;
  /**
   * Where the process serves the playground's Sheets API emulator (the worker's GOOGLE_API_URL),
   * once it listens; rejects with why there is none (no `init.google`, or it could not start).
   */
  readonly googleApiUrl: Promise<string>;
  private readonly child: ChildProcess;
  private readonly queue = new SerialQueue();
  private readonly waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  private readonly sidebars: SidebarPage[] = [];
  private nextId = 0;
  private stopping: Promise<void> | null = null;
  private lastOutput: string[] = [];
  private settleReady: { resolve: () => void; reject: (error: Error) => void } | null = null;
  private settleGoogle: { resolve: (url: string) => void; reject: (error: Error) => void } | null = null;

  constructor(private readonly options: AppsScriptHostOptions) {
    this.ready = new Promise<void>((resolve, reject) => {
      this.settleReady = { resolve, reject };
    });
    // Nobody may be waiting on it; its failure is in `status` as well.
    this.ready.catch(() => undefined);
    this.googleApiUrl = new Promise<string>((resolve, reject) => {
      this.settleGoogle = { resolve, reject };
    });
    this.googleApiUrl.catch(() => undefined);
    if (options.init.google === undefined)
      this.settleGoogle?.reject(new Error('No service account was given'));
    this.child = fork(CHILD_ENTRY, [], {
      cwd: REPO_ROOT,
      execArgv: ['--import', 'tsx'],
      serialization: 'advanced',
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    for (const stream of [this.child.stdout, this.child.stderr]) {
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => this.output(chunk));
    }
    this.child.on('message', (message: FromChild) => this.receive(message));
    this.child.once('exit', (code, signal) => this.exited(code, signal));
    this.child.once('error', (error) =>
      this.fail(`The playground's Apps Script process failed: ${error.message}`),
    );
    this.child.send({ kind: 'init', init: options.init } satisfies ToChild);
  }

  request<R extends HostRequest>(request: R): Promise<HostValues[R['type']]> {
    if (this.status.phase !== 'ready') return Promise.reject(new HostUnavailableError(this.notReadyText()));
    return this.queue.run(
      () =>
        new Promise<HostValues[R['type']]>((resolve, reject) => {
          const id = ++this.nextId;
          this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
          this.child.send({ kind: 'request', id, request } satisfies ToChild);
        }),
    );
  }

  /** The Apps Script process's id. */
  get pid(): number | undefined {
    return this.child.pid;
  }

  /** Requests waiting or running. */
  get pending(): number {
    return this.queue.size;
  }

  sidebarPage(id: number): SidebarPage | null {
    return this.sidebars.find((page) => page.id === id) ?? null;
  }

  /** Ends the process; requests still waiting fail. Idempotent. */
  stop(): Promise<void> {
    this.stopping ??= new Promise<void>((resolve) => {
      const stopped = new HostUnavailableError('The playground is stopping');
      this.queue.close(stopped);
      this.rejectAll(stopped);
      this.settleGoogle?.reject(stopped);
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        resolve();
        return;
      }
      const force = setTimeout(() => this.child.kill('SIGKILL'), STOP_GRACE_MS);
      this.child.once('exit', () => {
        clearTimeout(force);
        resolve();
      });
      this.child.kill('SIGTERM');
    });
    return this.stopping;
  }

  private receive(message: FromChild): void {
    if (message.kind === 'google') {
      if (message.url !== null) this.settleGoogle?.resolve(message.url);
      else this.settleGoogle?.reject(new Error(message.message ?? 'The emulator did not start'));
      return;
    }
    if (message.kind === 'snapshot') {
      this.snapshot = message.snapshot;
      if (message.sidebar !== undefined) this.keepSidebar(message.sidebar);
      return;
    }
    if (message.kind === 'status') {
      if (message.snapshot !== undefined) this.snapshot = message.snapshot;
      if (message.sidebar !== undefined) this.keepSidebar(message.sidebar);
      this.setStatus({
        phase: message.phase,
        message: message.message,
        pageReady: message.pageReady ?? this.status.pageReady,
        functions: message.functions ?? this.status.functions,
      });
      if (message.phase === 'ready') this.settleReady?.resolve();
      if (message.phase === 'failed') this.settleReady?.reject(new Error(message.message));
      return;
    }
    if (message.snapshot !== undefined) this.snapshot = message.snapshot;
    if (message.sidebar !== undefined) this.keepSidebar(message.sidebar);
    const waiter = this.waiting.get(message.id);
    if (waiter === undefined) return;
    this.waiting.delete(message.id);
    if (message.ok) waiter.resolve(message.value);
    else waiter.reject(new HostRequestError(message.message));
  }

  private keepSidebar(page: SidebarPage): void {
    this.sidebars.push(page);
    if (this.sidebars.length > KEPT_SIDEBARS) this.sidebars.shift();
  }

  private setStatus(status: HostStatus): void {
    this.status = status;
    this.options.onStatus?.(status);
  }

  private output(chunk: string): void {
    for (const line of chunk.split('\n')) {
      if (line.trim() === '') continue;
      this.lastOutput.push(line);
      if (this.lastOutput.length > 20) this.lastOutput.shift();
      this.options.onOutput?.(line);
    }
  }

  private exited(code: number | null, signal: NodeJS.Signals | null): void {
    if (this.stopping !== null) return;
    const tail = this.lastOutput.slice(-5).join('\n');
    this.fail(
      `The playground's Apps Script process stopped (${signal ?? `exit code ${String(code)}`})${tail === '' ? '' : `:\n${tail}`}\nRestart the worker (npm start) to get a fresh playground.`,
    );
  }

  private fail(message: string): void {
    const error = new HostUnavailableError(message);
    this.queue.close(error);
    this.rejectAll(error);
    this.setStatus({ ...this.status, phase: 'failed', message });
    this.settleReady?.reject(error);
    this.settleGoogle?.reject(error);
  }

  private rejectAll(error: Error): void {
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }

  private notReadyText(): string {
    if (this.status.phase === 'failed') return this.status.message;
    return 'The playground is still building the add-on; try again in a moment';
  }
}
