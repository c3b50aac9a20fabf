import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { AppsScriptFakes } from './create-fakes';
import type { ScriptScope } from './runtime';

/**
 * Runs a built Code.js the way Apps Script loads a project: top-level code once, in a global scope
 * holding only the services (no require, process or timers), then attaches that scope to the
 * fakes so menus and calls resolve function names in it. The folder of Code.js is the project:
 * HtmlService finds Sidebar.html there. Returns the global scope.
 */
export function loadBundle(bundlePath: string, fakes: AppsScriptFakes): ScriptScope {
  const context = vm.createContext({ ...fakes.globals });
  vm.runInContext(readFileSync(bundlePath, 'utf8'), context, { filename: bundlePath });
  fakes.runtime.attach(context, path.dirname(path.resolve(bundlePath)));
  return context;
}
