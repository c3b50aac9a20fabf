import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findAppsScriptReferences } from '../../../addon/build/apps-script-references';

const TYPE_ROOTS = path.resolve(__dirname, '../../../node_modules/@types');

/** A one-file program typed against @types/google-apps-script, as addon/server/tsconfig.json is. */
function program(source: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apps-script-references-'));
  writeFileSync(path.join(dir, 'code.ts'), source);
  const compilerOptions = {
    strict: true,
    lib: ['ES2019'],
    types: ['google-apps-script'],
    typeRoots: [TYPE_ROOTS],
  };
  writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
  return path.join(dir, 'tsconfig.json');
}

function namesIn(source: string): string[] {
  return findAppsScriptReferences(program(source)).map((reference) => reference.name);
}

describe('findAppsScriptReferences', () => {
  it('names globals, members whatever the variable is called, enum values and option keys', () => {
    const names = namesIn(
      [
        'const cell = SpreadsheetApp.getActiveSpreadsheet().getRange("A1");',
        'cell.setValues([[1]]);',
        'Utilities.computeDigest(Utilities.DigestAlgorithm.SHA_256, "x");',
        'UrlFetchApp.fetch("https://x.test/", { muteHttpExceptions: true });',
      ].join('\n'),
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'SpreadsheetApp',
        'SpreadsheetApp.getActiveSpreadsheet',
        'Spreadsheet.getRange',
        'Range.setValues',
        'DigestAlgorithm.SHA_256',
        'Utilities.DigestAlgorithm',
        'URLFetchRequestOptions.muteHttpExceptions',
      ]),
    );
  });

  it('leaves out types named in annotations and look-alike members of the code itself', () => {
    const names = namesIn(
      [
        'type Sheet = GoogleAppsScript.Spreadsheet.Sheet;',
        'export function name(sheet: Sheet | null): string { return sheet === null ? "" : "?"; }',
        'const own = { getValues: () => [[1]] };',
        'export const values = own.getValues();',
      ].join('\n'),
    );
    expect(names).toEqual([]);
  });

  it('says where each is first used', () => {
    const [reference] = findAppsScriptReferences(program('\n\nSpreadsheetApp.flush();'));
    expect(reference.name).toBe('SpreadsheetApp');
    expect(reference.location).toMatch(/code\.ts:3$/);
  });
});
