import { readFileSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import type { AppsScriptFakes } from './create-fakes';
import type { FakeClock } from './runtime/fake-clock';
import type { ScriptScope } from './runtime/runtime';

/**
 * Runs a built Code.js the way Apps Script loads a project: top-level code once, in a global scope
 * holding only the services (no require, process or timers), then attaches that scope to the
 * fakes so menus and calls resolve function names in it. The folder of Code.js is the project:
 * HtmlService finds Sidebar.html there, UrlFetchApp and ScriptApp read appsscript.json there.
 * The script's `Date` reads the fakes' clock, so a script that watches its own run time sees the
 * time UrlFetchApp and Utilities.sleep spend. Returns the global scope.
 */
export function loadBundle(bundlePath: string, fakes: AppsScriptFakes): ScriptScope {
  const context = vm.createContext({ ...fakes.globals });
  // Not enumerable: it replaces a built-in, it is not a name the script added.
  Object.defineProperty(context, 'Date', {
    value: clockDate(vm.runInContext('Date', context) as DateConstructor, fakes.clock),
    writable: true,
    configurable: true,
    enumerable: false,
  });
  vm.runInContext(readFileSync(bundlePath, 'utf8'), context, { filename: bundlePath });
  fakes.runtime.attach(context, path.dirname(path.resolve(bundlePath)));
  return context;
}

/** The context's own Date, except that "now" is the fake clock's. */
function clockDate(RealDate: DateConstructor, clock: FakeClock): DateConstructor {
  return new Proxy(RealDate, {
    construct: (target, args: unknown[], newTarget) =>
      Reflect.construct(target, args.length === 0 ? [clock.now()] : args, newTarget) as object,
    apply: () => new RealDate(clock.now()).toString(),
    get: (target, property, receiver) =>
      property === 'now' ? () => clock.now() : (Reflect.get(target, property, receiver) as unknown),
  });
}
