import { findUnavailableApis } from '../../../addon/build/find-unavailable-apis';

describe('findUnavailableApis', () => {
  it('accepts an IIFE bundle that uses only Apps Script services', () => {
    const code = [
      'var Bundle = (function (exports) {',
      "  'use strict';",
      '  function run(e) { return SpreadsheetApp.getUi().alert(String(e)); }',
      '  exports.run = run;',
      '  return exports;',
      '})({});',
      'function run(e) { return Bundle.run(e); }',
    ].join('\n');
    expect(findUnavailableApis(code)).toEqual([]);
  });

  it('names each Node or browser global, with its line and what to use instead', () => {
    const code = [
      "const fs = require('fs');",
      'if (process.env.X) setTimeout(() => 0, 5);',
      'const body = fetch(new URL("https://x.test/"));',
    ].join('\n');
    expect(findUnavailableApis(code)).toEqual([
      "line 1: require: Node's module system, not available in Apps Script",
      'line 2: process: Node, not available in Apps Script',
      'line 2: setTimeout: timers (use Utilities.sleep), not available in Apps Script',
      'line 3: fetch: the fetch API (use UrlFetchApp.fetch), not available in Apps Script',
      'line 3: URL: URL (not in Apps Script V8), not available in Apps Script',
    ]);
  });

  it('refuses module syntax and import.meta', () => {
    expect(findUnavailableApis("import x from 'x';\nexport const y = x;")).toEqual([
      'line 1: an import (Apps Script has no modules)',
      'line 2: an export (Apps Script has no modules)',
    ]);
    expect(findUnavailableApis("const m = import('x');\nconst u = import.meta.url;")).toEqual([
      'line 1: an import (Apps Script has no modules)',
      'line 2: import.meta (Apps Script has no modules)',
    ]);
  });

  it('reports a build constant that was never replaced', () => {
    expect(findUnavailableApis('function url() { return __WORKER_URL__; }')).toEqual([
      'line 1: __WORKER_URL__: a build constant the build did not replace',
    ]);
  });

  it('leaves properties, keys, labels and local names of the same spelling alone', () => {
    const code = [
      'const settings = { process: 1, fetch() {} };',
      'settings.process = settings.require;',
      'class Job { setTimeout() {} }',
      'function local(URL, { Buffer }) { return [URL, Buffer]; }',
      'try {} catch (global) { global; }',
      'document: for (;;) { break document; }',
    ].join('\n');
    expect(findUnavailableApis(code)).toEqual([]);
  });
});
