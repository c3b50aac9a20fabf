import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';
import { loadBundle } from '../../../../../worker/playground/apps-script/load-bundle';
import { EXCEEDED_MAXIMUM_EXECUTION_TIME } from '../../../../../worker/playground/apps-script/runtime/runtime';

function script(code: string): string {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'runtime-')), 'Code.js');
  writeFileSync(file, code);
  return file;
}

describe('FakeRuntime', () => {
  it('gives a custom function 30 s and any other run 6 min of clock time', () => {
    const { runtime, utilities } = createAppsScriptFakes();
    expect(() => runtime.run('custom-function', () => utilities.sleep(30_001))).toThrow(
      EXCEEDED_MAXIMUM_EXECUTION_TIME,
    );
    expect(runtime.run('custom-function', () => utilities.sleep(30_000))).toBeUndefined();
    let elapsed = 0;
    expect(() =>
      runtime.run('full', () => {
        for (let i = 0; i < 6; i++) utilities.sleep(60_000);
        elapsed = runtime.elapsedMs;
        utilities.sleep(1);
      }),
    ).toThrow(EXCEEDED_MAXIMUM_EXECUTION_TIME);
    expect(elapsed).toBe(360_000);
  });

  it('ends a run out of time even when the script catches the error, and keeps its writes', () => {
    const fakes = createAppsScriptFakes();
    loadBundle(
      script(`function work() {
        var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheets()[0];
        for (var i = 1; i <= 10; i++) {
          try {
            sheet.getRange(i, 1).setValues([[i]]);
            Utilities.sleep(100000);
          } catch (e) { /* swallowed */ }
        }
        return 'finished';
      }`),
      fakes,
    );
    expect(() => fakes.runtime.call('work')).toThrow(EXCEEDED_MAXIMUM_EXECUTION_TIME);
    expect(fakes.spreadsheet.requireSheet('Sheet1').getDataRange().getValues()).toEqual([[1], [2], [3], [4]]);
  });

  it('cuts a run off right after a chosen call, and the next run starts afresh', () => {
    const fakes = createAppsScriptFakes();
    loadBundle(
      script(`function writeRows() {
        var sheet = SpreadsheetApp.getActiveSpreadsheet().getSheets()[0];
        var done = Number(PropertiesService.getDocumentProperties().getProperty('done') || 0);
        for (var block = done; block < 5; block++) {
          sheet.getRange(block + 1, 1).setValues([[block]]);
          PropertiesService.getDocumentProperties().setProperty('done', String(block + 1));
        }
        return 'all written';
      }`),
      fakes,
    );
    fakes.runtime.cutOffAfter('Range.setValues', 2);
    expect(() => fakes.runtime.call('writeRows')).toThrow(EXCEEDED_MAXIMUM_EXECUTION_TIME);
    // The second block was written, but the run died before it could record that.
    expect(fakes.propertiesService.document.getProperty('done')).toBe('1');
    expect(fakes.runtime.call('writeRows')).toBe('all written');
    expect(fakes.spreadsheetApp.writes.count('Range.setValues')).toBe(6);
  });

  it('lets the script read the fake clock through Date', () => {
    const fakes = createAppsScriptFakes({ now: Date.UTC(2030, 0, 1) });
    loadBundle(
      script(`function stamp() {
        var start = Date.now();
        Utilities.sleep(1500);
        return [new Date().toISOString(), Date.now() - start, new Date(0).getTime(), typeof Date(), new Date() instanceof Date];
      }`),
      fakes,
    );
    expect(fakes.runtime.call('stamp')).toEqual(['2030-01-01T00:00:01.500Z', 1500, 0, 'string', true]);
  });

  it('counts service calls per run', () => {
    const { runtime, spreadsheet } = createAppsScriptFakes();
    runtime.run('full', () => {
      spreadsheet.getSheets();
      spreadsheet.getSheets();
      expect(runtime.execution?.calls.get('Spreadsheet.getSheets')).toBe(2);
    });
    expect(runtime.execution).toBeNull();
  });

  it('passes plain values only to and from a google.script.run call, as copies', () => {
    const fakes = createAppsScriptFakes();
    loadBundle(
      script(`var kept;
      function keep(value) { kept = value; value.list.push(4); return { got: value, when: null }; }
      function when() { return { at: new Date(0) }; }
      function nothing() {}`),
      fakes,
    );
    const sent = { list: [1, 2, 3], nested: { ok: true } };
    expect(fakes.runtime.callFromClient('keep', [sent])).toEqual({
      got: { list: [1, 2, 3, 4], nested: { ok: true } },
      when: null,
    });
    expect(sent.list).toEqual([1, 2, 3]);
    expect(fakes.runtime.callFromClient('nothing')).toBeNull();
    expect(() => fakes.runtime.callFromClient('when')).toThrow(
      'the value when returned.at: a Date does not survive google.script.run',
    );
    expect(() => fakes.runtime.callFromClient('keep', [{ f: () => 1 }])).toThrow('argument 1 of keep.f');
  });
});
