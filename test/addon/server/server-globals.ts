import {
  createAppsScriptFakes,
  type AppsScriptFakes,
  type FakeOptions,
} from '../../../worker/playground/apps-script/create-fakes';
import { ScriptedWorker } from './scripted-worker';

/** What rollup's build-constants plugin puts in Code.js; tests import the sources instead. */
export const TEST_WORKER_URL = 'http://localhost:8787/';
export const TEST_KEY = 'csk_test_0123456789abcdef0123456789abcdef';

export interface ServerGlobals {
  fakes: AppsScriptFakes;
  worker: ScriptedWorker;
  /** Stores a worker key, and the document key for formulas, as `connect()` would. */
  connect(key?: string, email?: string): void;
  restore(): void;
}

/**
 * Gives the server modules (imported as TypeScript, not bundled) the Apps Script globals they use:
 * the fakes of test/apps-script, with UrlFetchApp replaced by a scripted worker, and the build
 * constant of the worker URL. `restore()` takes them away again.
 */
export function installServerGlobals(options: FakeOptions = {}): ServerGlobals {
  const fakes = createAppsScriptFakes(options);
  const worker = new ScriptedWorker(TEST_WORKER_URL);
  const globals: Record<string, unknown> = {
    ...fakes.globals,
    UrlFetchApp: worker,
    __CREATOR_SHEETS_WORKER_URL__: TEST_WORKER_URL,
  };
  delete globals.console;
  const scope = globalThis as unknown as Record<string, unknown>;
  const previous = new Map(Object.keys(globals).map((name) => [name, scope[name]]));
  Object.assign(scope, globals);
  return {
    fakes,
    worker,
    connect(key = TEST_KEY, email = 'ana@team.com') {
      fakes.propertiesService.user.setProperty('creatorSheets.workerKey', key);
      fakes.propertiesService.user.setProperty(
        'creatorSheets.workerConnection',
        JSON.stringify({ keyId: 'key-1', email, role: 'member', workerUrl: TEST_WORKER_URL }),
      );
      fakes.propertiesService.document.setProperty('creatorSheets.documentKey', key);
      fakes.propertiesService.document.setProperty(
        'creatorSheets.documentConnection',
        JSON.stringify({ keyId: 'key-2', email, workerUrl: TEST_WORKER_URL }),
      );
    },
    restore() {
      for (const [name, value] of previous) {
        if (value === undefined) delete scope[name];
        else scope[name] = value;
      }
      fakes.dispose();
    },
  };
}
