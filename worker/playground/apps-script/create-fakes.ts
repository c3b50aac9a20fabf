import { FakeCharts } from './spreadsheet/embedded-charts';
import { FakeCacheService } from './services/cache-service';
import { FakeClock } from './runtime/fake-clock';
import { FakeConsole } from './runtime/console';
import { FakeDriveApp } from './services/drive-app';
import { CustomFunctionEvaluator } from './spreadsheet/formula-evaluator';
import { FakeHtmlService } from './services/html-service';
import { FakeLockService } from './services/lock-service';
import { FakePropertiesService, type PropertiesOptions } from './services/properties-service';
import { FakeRuntime } from './runtime/runtime';
import { FakeScriptApp, type ScriptAppOptions } from './runtime/script-app';
import { FakeSession, type SessionOptions } from './runtime/session';
import { FakeTriggers } from './runtime/triggers';
import {
  DEFAULT_SCRIPT_PROJECT_NUMBER,
  FakeSpreadsheetApp,
  type SpreadsheetOptions,
} from './spreadsheet/spreadsheet-app';
import { FakeUi } from './services/ui';
import { FakeUrlFetchApp } from './url-fetch/url-fetch-app';
import { FakeUtilities } from './services/utilities';
import type { FakeSpreadsheet } from './spreadsheet/spreadsheet';

/**
 * One Google for one test: the fakes share a runtime (run mode, time limits, script scope) and a
 * clock, and `globals` is what a script sees as its global names. To add a service, write its fake
 * in its own file, give it the runtime, and add it here and to `globals`.
 */
export interface AppsScriptFakes {
  runtime: FakeRuntime;
  clock: FakeClock;
  ui: FakeUi;
  spreadsheetApp: FakeSpreadsheetApp;
  /** The open spreadsheet (SpreadsheetApp.getActiveSpreadsheet()). */
  spreadsheet: FakeSpreadsheet;
  htmlService: FakeHtmlService;
  propertiesService: FakePropertiesService;
  cacheService: FakeCacheService;
  urlFetchApp: FakeUrlFetchApp;
  scriptApp: FakeScriptApp;
  /** The script's installable triggers: `runDue()` runs those the clock has reached. */
  triggers: FakeTriggers;
  session: FakeSession;
  lockService: FakeLockService;
  utilities: FakeUtilities;
  console: FakeConsole;
  /** Sheets' stand-in for formulas: plug it with `evaluateFormulas()`. */
  evaluator: CustomFunctionEvaluator;
  globals: Record<string, unknown>;
  /** From now on formulas written into cells run the script's custom functions. */
  evaluateFormulas(): void;
  /** Stops the thread behind UrlFetchApp; call it when the test is done. */
  dispose(): void;
}

export interface FakeOptions {
  /** The add-on's name in the store, which Sheets gives to its menu. */
  addonName?: string;
  /** Start of the clock, ms since the epoch (default: now). */
  now?: number;
  spreadsheet?: SpreadsheetOptions;
  session?: SessionOptions;
  properties?: PropertiesOptions;
  scriptApp?: ScriptAppOptions;
}

export function createAppsScriptFakes(options: FakeOptions = {}): AppsScriptFakes {
  const clock = new FakeClock(options.now);
  const runtime = new FakeRuntime(clock);
  const ui = new FakeUi(runtime, options.addonName ?? 'Creator Sheets');
  const session = new FakeSession(runtime, options.session);
  const spreadsheetApp = new FakeSpreadsheetApp(runtime, ui, options.spreadsheet, {
    activeUser: () => session.activeUserEmail,
    projectNumber: options.scriptApp?.projectNumber ?? DEFAULT_SCRIPT_PROJECT_NUMBER,
  });
  const htmlService = new FakeHtmlService(runtime);
  const propertiesService = new FakePropertiesService(runtime, session, options.properties);
  const cacheService = new FakeCacheService(runtime);
  const urlFetchApp = new FakeUrlFetchApp(runtime);
  const scriptApp = new FakeScriptApp(runtime, session, options.scriptApp);
  const triggers = new FakeTriggers(runtime, session, () => spreadsheetApp.spreadsheet.getId());
  scriptApp.triggers = triggers;
  const lockService = new FakeLockService(runtime);
  const utilities = new FakeUtilities(runtime);
  const console = new FakeConsole();
  const evaluator = new CustomFunctionEvaluator(runtime, spreadsheetApp.spreadsheet);
  return {
    runtime,
    clock,
    ui,
    spreadsheetApp,
    spreadsheet: spreadsheetApp.spreadsheet,
    htmlService,
    propertiesService,
    cacheService,
    urlFetchApp,
    scriptApp,
    triggers,
    session,
    lockService,
    utilities,
    console,
    evaluator,
    globals: {
      SpreadsheetApp: spreadsheetApp,
      Charts: new FakeCharts(),
      HtmlService: htmlService,
      PropertiesService: propertiesService,
      CacheService: cacheService,
      UrlFetchApp: urlFetchApp,
      ScriptApp: scriptApp,
      Session: session,
      LockService: lockService,
      Utilities: utilities,
      DriveApp: new FakeDriveApp(runtime, session),
      console,
    },
    evaluateFormulas: () => {
      spreadsheetApp.formulaEvaluator = evaluator.evaluate;
      spreadsheetApp.formulaNoter = evaluator.note;
    },
    dispose: () => urlFetchApp.close(),
  };
}
