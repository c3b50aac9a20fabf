import { FakeClock } from './fake-clock';

/**
 * The execution an Apps Script call happens in: which kind of run it is (each kind may use
 * different services and has its own time limit), the script's global scope (which names a menu,
 * trigger or google.script.run can call) and the clock. Every fake enters through `enter`, so the
 * rules live in one place.
 */

/**
 * - `full`: a menu item, a sidebar call or an installable trigger, with the user's authorization.
 * - `auth-none`: onOpen of an add-on not yet authorized in this document (AuthMode.NONE): it may
 *   build menus and nothing that needs authorization.
 * - `custom-function`: a formula; no UI, no authorization, only a few services.
 */
type RunMode = 'full' | 'auth-none' | 'custom-function';

const WHY_NOT: Record<Exclude<RunMode, 'full'>, string> = {
  'auth-none': 'onOpen runs in AuthMode.NONE until the add-on is authorized',
  'custom-function': 'custom functions run without authorization',
};

/** Apps Script's limits: 30 s for a custom function and a simple trigger, 6 min for the rest. */
const TIME_LIMITS_MS: Readonly<Record<RunMode, number>> = {
  full: 6 * 60 * 1000,
  'auth-none': 30 * 1000,
  'custom-function': 30 * 1000,
};

export const EXCEEDED_MAXIMUM_EXECUTION_TIME = 'Exceeded maximum execution time';

/**
 * What handing a custom function its arguments and taking back its array costs, within its 30 s:
 * Google counts both in the limit ("a custom function call must return within 30 seconds", the
 * argument and the result crossing between Sheets and the script) and publishes no per-cell
 * figure, so these are our conservative estimate: 10 s to hand in 100,000 cells, 20 s to take back
 * 100,000. The formula caps (shared/worker-api/request-limits.ts) leave room under them; a team
 * measures the real figure once on its first deployment (`npm run verify:live`'s manual steps).
 */
export const ARGUMENT_CELL_MS = 0.1;
export const RESULT_CELL_MS = 0.2;

export type ScriptScope = Record<string, unknown>;

/** One run of the script: a menu click, a formula, a google.script.run call. */
export interface Execution {
  mode: RunMode;
  startedAt: number;
  limitMs: number;
  /** Service calls made so far, by name ("Range.setValues", "UrlFetchApp.fetch"). */
  calls: Map<string, number>;
  /** Set once the time limit passed: Apps Script ends the run, whatever the script catches. */
  killed: Error | null;
}

interface CutOff {
  /** The service call after which time runs out, e.g. "Range.setValues". */
  after: string;
  /** Its 1-based count within the execution. */
  count: number;
}

export class FakeRuntime {
  readonly clock: FakeClock;
  /** Per kind of run; a test may shorten them. */
  readonly timeLimitsMs: Record<RunMode, number> = { ...TIME_LIMITS_MS };
  private current: Execution | null = null;
  private armedCutOff: CutOff | null = null;
  private readonly endListeners = new Set<(execution: Execution) => void>();
  private scope: ScriptScope | undefined;
  private projectDir: string | undefined;

  constructor(clock: FakeClock = new FakeClock()) {
    this.clock = clock;
  }

  /** The kind of the current run; outside any run (a test poking the fakes) it is `full`. */
  get mode(): RunMode {
    return this.current?.mode ?? 'full';
  }

  /** The current run, or null when a test calls the fakes directly. */
  get execution(): Execution | null {
    return this.current;
  }

  /** Fake milliseconds since the current run started (0 outside a run). */
  get elapsedMs(): number {
    return this.current === null ? 0 : this.clock.now() - this.current.startedAt;
  }

  /** Called by loadBundle once the script has run: from now on names resolve in `scope`. */
  attach(scope: ScriptScope, projectDir: string): void {
    this.scope = scope;
    this.projectDir = projectDir;
  }

  /** The folder holding the pushed files (Code.js, Sidebar.html, appsscript.json). */
  get project(): string {
    if (this.projectDir === undefined) throw new Error('No script loaded: call loadBundle first');
    return this.projectDir;
  }

  /**
   * Runs `fn` as one execution of the given kind, with its own time limit, then restores the
   * previous one. An execution whose time ran out throws "Exceeded maximum execution time" even if
   * the script caught that error: Apps Script ends such a run, it does not let it return.
   */
  run<T>(mode: RunMode, fn: () => T): T {
    const previous = this.current;
    const execution: Execution = {
      mode,
      startedAt: this.clock.now(),
      limitMs: this.timeLimitsMs[mode],
      calls: new Map(),
      killed: null,
    };
    this.current = execution;
    try {
      const result = fn();
      if (execution.killed !== null) throw execution.killed;
      return result;
    } catch (error) {
      throw execution.killed ?? error;
    } finally {
      this.current = previous;
      for (const listener of this.endListeners) listener(execution);
    }
  }

  /** Calls `listener` whenever a run ends (locks are released then, for one). */
  onExecutionEnd(listener: (execution: Execution) => void): void {
    this.endListeners.add(listener);
  }

  /**
   * Calls a top-level function by name, as Apps Script does for triggers, menus and formulas. A
   * formula's run is charged for the cells it is handed and the cells it gives back.
   */
  call(functionName: string, args: readonly unknown[] = [], mode: RunMode = 'full'): unknown {
    const fn = this.globalFunction(functionName);
    if (fn === undefined) throw new Error(`Script function not found: ${functionName}`);
    if (mode !== 'custom-function') return this.run(mode, () => fn(...args));
    return this.run(mode, () => {
      this.spend(cellCount(args) * ARGUMENT_CELL_MS);
      const result = fn(...args);
      this.spend(cellCount([result]) * RESULT_CELL_MS);
      return result;
    });
  }

  /**
   * What google.script.run does: a full run of the named function with plain values in and out
   * (primitives, arrays and plain objects; no Date, function or class instance either way), the
   * answer arriving as a copy. A value that is not plain fails the call, where Apps Script would
   * drop it silently.
   */
  callFromClient(functionName: string, args: readonly unknown[] = []): unknown {
    args.forEach((arg, i) => requirePlain(arg, `argument ${i + 1} of ${functionName}`));
    const result = this.call(functionName, structuredClone(args), 'full');
    requirePlain(result, `the value ${functionName} returned`);
    return result === undefined ? null : (JSON.parse(JSON.stringify(result)) as unknown);
  }

  /** The top-level function of that name, if the script declares one. */
  globalFunction(name: string): ((...args: unknown[]) => unknown) | undefined {
    if (this.scope === undefined) throw new Error('No script loaded: call loadBundle first');
    const value = Object.prototype.hasOwnProperty.call(this.scope, name) ? this.scope[name] : undefined;
    return typeof value === 'function' ? (value as (...args: unknown[]) => unknown) : undefined;
  }

  /** Names of every top-level function: all of them are callable from a client. */
  globalFunctionNames(): string[] {
    if (this.scope === undefined) throw new Error('No script loaded: call loadBundle first');
    const scope = this.scope;
    return Object.keys(scope).filter((name) => typeof scope[name] === 'function');
  }

  /** Whether a script is loaded (fakes check menu function names only then). */
  get attached(): boolean {
    return this.scope !== undefined;
  }

  /**
   * Every service call starts here: a run whose time is up goes no further, a kind of run that
   * may not make the call is refused, and the call is counted for the run.
   */
  enter(call: string, deniedIn: readonly Exclude<RunMode, 'full'>[] = [], message?: string): void {
    this.checkTime();
    this.deny(call, deniedIn, message);
    const execution = this.current;
    if (execution === null) return;
    const count = (execution.calls.get(call) ?? 0) + 1;
    execution.calls.set(call, count);
    const cutOff = this.armedCutOff;
    if (cutOff !== null && cutOff.after === call && cutOff.count === count) {
      // The call itself completes; the next one finds the time spent, as if this one had been slow.
      this.armedCutOff = null;
      this.clock.set(execution.startedAt + execution.limitMs + 1);
    }
  }

  /** Throws as Apps Script does when `call` is made in a run that may not make it. */
  deny(call: string, modes: readonly Exclude<RunMode, 'full'>[], message?: string): void {
    const mode = this.mode;
    if (mode === 'full' || !modes.includes(mode)) return;
    throw new Error(message ?? `You do not have permission to call ${call} (${WHY_NOT[mode]})`);
  }

  /** Time the script spends waiting (a fetch, Utilities.sleep): the run dies if it runs out. */
  spend(ms: number): void {
    this.clock.advance(ms);
    this.checkTime();
  }

  /**
   * Makes the next execution that makes its `count`-th `after` call run out of time right after
   * it: the way to cut a long run at a chosen point, as the 6 min limit does at an arbitrary one.
   */
  cutOffAfter(after: string, count = 1): void {
    this.armedCutOff = { after, count };
  }

  /** The cut-off armed with cutOffAfter that has not struck yet. */
  get pendingCutOff(): CutOff | null {
    return this.armedCutOff;
  }

  /** Throws "Exceeded maximum execution time" once the current run is past its limit. */
  checkTime(): void {
    const execution = this.current;
    if (execution === null) return;
    if (execution.killed === null && this.clock.now() - execution.startedAt > execution.limitMs) {
      execution.killed = new Error(EXCEEDED_MAXIMUM_EXECUTION_TIME);
    }
    if (execution.killed !== null) throw execution.killed;
  }
}

/** Cells in a formula's arguments or result: a range is a 2-D array, a single value one cell. */
function cellCount(values: readonly unknown[]): number {
  let cells = 0;
  for (const value of values) {
    if (!Array.isArray(value)) cells += value === undefined ? 0 : 1;
    else for (const row of value) cells += Array.isArray(row) ? row.length : 1;
  }
  return cells;
}

/** google.script.run passes primitives, arrays and plain objects only. */
function requirePlain(value: unknown, where: string, path = ''): void {
  if (value === null || value === undefined || typeof value === 'boolean' || typeof value === 'string')
    return;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return;
    throw new Error(`${where}${path}: ${value} does not survive google.script.run`);
  }
  if (Array.isArray(value)) {
    value.forEach((item: unknown, i) => requirePlain(item, where, `${path}[${i}]`));
    return;
  }
  if (typeof value === 'object') {
    // Plain objects of either realm (the script's vm or the test's) have Object.prototype, whose
    // own prototype is null.
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto === null || Object.getPrototypeOf(proto) === null) {
      for (const [key, item] of Object.entries(value)) requirePlain(item, where, `${path}.${key}`);
      return;
    }
  }
  const kind = typeof value === 'object' ? Object.prototype.toString.call(value).slice(8, -1) : typeof value;
  throw new Error(`${where}${path}: a ${kind} does not survive google.script.run; use plain values`);
}
