/**
 * google.script.run and google.script.host for the add-on's sidebar in the playground, as
 * HtmlService provides them in Google: a runner with one method per top-level server function,
 * withSuccessHandler / withFailureHandler / withUserObject each giving a new runner, calls always
 * asynchronous, only plain values in and out, and failures as Errors carrying the server's
 * message. Calls go to the playground, which runs them in the built Code.js. Injected into the
 * sidebar before its own scripts (sidebar-page.ts), configured by `window.__playgroundScriptRun`.
 */
import type { RunAnswer } from '../playground-api';

interface ScriptRunConfig {
  functions: string[];
  runUrl: string;
}

type Handler = (value: unknown, userObject?: unknown) => void;

interface RunnerSettings {
  success?: Handler;
  failure?: Handler;
  userObject?: unknown;
}

type Runner = Record<string, unknown>;

declare global {
  interface Window {
    __playgroundScriptRun?: ScriptRunConfig;
  }
}

const config: ScriptRunConfig = window.__playgroundScriptRun ?? { functions: [], runUrl: '/playground/run' };

/** What google.script.run refuses: functions, Dates, DOM nodes and other non-plain objects. */
function illegalValue(value: unknown, path: string): string | null {
  if (value === null || value === undefined) return null;
  const type = typeof value;
  if (type === 'string' || type === 'boolean') return null;
  if (type === 'number') return Number.isFinite(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = illegalValue(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (type === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const found = illegalValue(item, `${path}.${key}`);
      if (found !== null) return found;
    }
    return null;
  }
  return path;
}

function report(handler: Handler | undefined, value: unknown, userObject: unknown): void {
  if (handler === undefined) {
    if (value instanceof Error) console.error(`google.script.run: ${value.message}`);
    return;
  }
  handler(value, userObject);
}

function call(name: string, args: unknown[], settings: RunnerSettings): void {
  const illegal = args.map((arg, i) => illegalValue(arg, String(i))).find((found) => found !== null);
  const finish = (outcome: RunAnswer): void => {
    // The page beside the sidebar reads the spreadsheet again: the call may have changed it.
    window.parent.postMessage({ type: 'playground:called' }, window.location.origin);
    if (outcome.ok) report(settings.success, outcome.value, settings.userObject);
    else {
      const error = new Error(outcome.error.message);
      error.name = outcome.error.name === 'Error' ? 'ScriptError' : outcome.error.name;
      report(settings.failure, error, settings.userObject);
    }
  };
  if (illegal !== undefined && illegal !== null) {
    setTimeout(() =>
      finish({
        ok: false,
        error: { name: 'Error', message: `Failed due to illegal value in property: ${illegal}` },
      }),
    );
    return;
  }
  fetch(config.runUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name, args: args.map((arg) => (arg === undefined ? null : arg)) }),
  })
    .then(async (response) => {
      const body = (await response.json().catch(() => null)) as
        RunAnswer | { error?: { message?: string } } | null;
      if (response.ok && body !== null && 'ok' in body) return body;
      const message =
        body !== null && 'error' in body && typeof body.error?.message === 'string'
          ? body.error.message
          : `The playground answered ${response.status}`;
      return { ok: false, error: { name: 'Error', message } } satisfies RunAnswer;
    })
    .catch((): RunAnswer => ({
      ok: false,
      error: { name: 'NetworkError', message: 'NetworkError: Connection failure due to HTTP 0' },
    }))
    .then(finish);
}

function runner(settings: RunnerSettings): Runner {
  const methods: Runner = {
    withSuccessHandler: (handler: Handler) => runner({ ...settings, success: handler }),
    withFailureHandler: (handler: Handler) => runner({ ...settings, failure: handler }),
    withUserObject: (userObject: unknown) => runner({ ...settings, userObject }),
  };
  for (const name of config.functions) {
    if (name in methods) continue;
    methods[name] = (...args: unknown[]): void => call(name, args, settings);
  }
  return methods;
}

const post = (type: string): void => window.parent.postMessage({ type }, window.location.origin);

// Set by name: the add-on's sidebar declares `google` with its own narrower types.
Reflect.set(window, 'google', {
  script: {
    run: runner({}),
    host: {
      origin: window.location.origin,
      close: () => post('playground:close'),
      setHeight: () => undefined,
      setWidth: () => undefined,
      editor: { focus: () => post('playground:focus-editor') },
    },
  },
});

export {};
