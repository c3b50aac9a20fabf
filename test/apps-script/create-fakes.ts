import { FakeConsole } from './console';
import { FakeHtmlService } from './html-service';
import { FakePropertiesService } from './properties-service';
import { FakeRuntime } from './runtime';
import { FakeSpreadsheetApp } from './spreadsheet-app';
import { FakeUi } from './ui';

/**
 * One Google for one test: the fakes share a runtime (run mode, script scope), and `globals` is
 * what a script sees as its global names. To add a service, write its fake in its own file, give
 * it the runtime, and add it here and to `globals`.
 */
export interface AppsScriptFakes {
  runtime: FakeRuntime;
  ui: FakeUi;
  spreadsheetApp: FakeSpreadsheetApp;
  htmlService: FakeHtmlService;
  propertiesService: FakePropertiesService;
  console: FakeConsole;
  globals: Record<string, unknown>;
}

export interface FakeOptions {
  /** The add-on's name in the store, which Sheets gives to its menu. */
  addonName?: string;
}

export function createAppsScriptFakes(options: FakeOptions = {}): AppsScriptFakes {
  const runtime = new FakeRuntime();
  const ui = new FakeUi(runtime, options.addonName ?? 'Creator Sheets');
  const spreadsheetApp = new FakeSpreadsheetApp(runtime, ui);
  const htmlService = new FakeHtmlService(runtime);
  const propertiesService = new FakePropertiesService(runtime);
  const console = new FakeConsole();
  return {
    runtime,
    ui,
    spreadsheetApp,
    htmlService,
    propertiesService,
    console,
    globals: {
      SpreadsheetApp: spreadsheetApp,
      HtmlService: htmlService,
      PropertiesService: propertiesService,
      console,
    },
  };
}
