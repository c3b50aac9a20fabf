import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppsScriptFakes } from '../../../../worker/playground/apps-script/create-fakes';
import { loadBundle } from '../../../../worker/playground/apps-script/load-bundle';

function script(code: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'load-bundle-')), 'Code.js');
  writeFileSync(file, code);
  return file;
}

describe('loadBundle', () => {
  it('runs the top-level code once and exposes its top-level functions by name', () => {
    const fakes = createAppsScriptFakes();
    const scope = loadBundle(
      script(
        'var loads = (this.loads || 0) + 1;\nfunction hello(name) { return "hi " + name; }\nconst hidden = () => 1;',
      ),
      fakes,
    );
    expect(scope.loads).toBe(1);
    expect(fakes.runtime.globalFunctionNames()).toEqual(['hello']);
    expect(fakes.runtime.call('hello', ['Ann'])).toBe('hi Ann');
    expect(() => fakes.runtime.call('hidden')).toThrow('Script function not found: hidden');
  });

  it('gives the script the services and none of Node', () => {
    const fakes = createAppsScriptFakes();
    loadBundle(
      script(
        'function probe() { return [typeof SpreadsheetApp, typeof PropertiesService, typeof require, typeof process, typeof setTimeout]; }',
      ),
      fakes,
    );
    expect(fakes.runtime.call('probe')).toEqual(['object', 'object', 'undefined', 'undefined', 'undefined']);
  });

  it('lets the script log through console', () => {
    const fakes = createAppsScriptFakes();
    loadBundle(script('function work() { console.warn("slow", { ms: 5 }); }'), fakes);
    fakes.runtime.call('work');
    expect(fakes.console.entries).toEqual([{ level: 'warn', message: 'slow {"ms":5}' }]);
  });

  it('runs a call in the run mode given, and restores the previous one', () => {
    const fakes = createAppsScriptFakes();
    loadBundle(script('function ui() { return SpreadsheetApp.getUi(); }'), fakes);
    expect(() => fakes.runtime.call('ui', [], 'custom-function')).toThrow(
      'Cannot call SpreadsheetApp.getUi()',
    );
    expect(fakes.runtime.mode).toBe('full');
    expect(fakes.runtime.call('ui')).toBe(fakes.ui);
  });
});
