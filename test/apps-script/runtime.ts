/**
 * The execution an Apps Script call happens in: which kind of run it is (each kind may use
 * different services) and the script's global scope (which names a menu, trigger or
 * google.script.run can call). Every fake consults it, so the rules live in one place.
 */

/**
 * - `full`: a menu item, a sidebar call or an installable trigger, with the user's authorization.
 * - `auth-none`: onOpen of an add-on not yet authorized in this document (AuthMode.NONE): it may
 *   build menus and nothing that needs authorization.
 * - `custom-function`: a formula; no UI, no authorization, only a few services.
 */
export type RunMode = 'full' | 'auth-none' | 'custom-function';

const WHY_NOT: Record<Exclude<RunMode, 'full'>, string> = {
  'auth-none': 'onOpen runs in AuthMode.NONE until the add-on is authorized',
  'custom-function': 'custom functions run without authorization',
};

export type ScriptScope = Record<string, unknown>;

export class FakeRuntime {
  mode: RunMode = 'full';
  private scope: ScriptScope | undefined;
  private projectDir: string | undefined;

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

  /** Runs `fn` as a run of the given kind, restoring the previous kind afterwards. */
  run<T>(mode: RunMode, fn: () => T): T {
    const previous = this.mode;
    this.mode = mode;
    try {
      return fn();
    } finally {
      this.mode = previous;
    }
  }

  /** Calls a top-level function by name, as Apps Script does for triggers, menus and formulas. */
  call(functionName: string, args: readonly unknown[] = [], mode: RunMode = 'full'): unknown {
    const fn = this.globalFunction(functionName);
    if (fn === undefined) throw new Error(`Script function not found: ${functionName}`);
    return this.run(mode, () => fn(...args));
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

  /** Throws as Apps Script does when `call` is made in a run that may not make it. */
  deny(call: string, modes: readonly Exclude<RunMode, 'full'>[], message?: string): void {
    if (this.mode === 'full' || !modes.includes(this.mode)) return;
    throw new Error(message ?? `You do not have permission to call ${call} (${WHY_NOT[this.mode]})`);
  }
}
