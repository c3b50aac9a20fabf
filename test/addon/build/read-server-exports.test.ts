import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readServerExports } from '../../../addon/build/read-server-exports';

/** Writes a small server source tree and returns the path of its index.ts. */
function serverTree(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'server-exports-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return path.join(dir, 'index.ts');
}

describe('readServerExports', () => {
  it('follows re-exports, renames and export * to the functions they name', () => {
    const entry = serverTree({
      'index.ts': [
        "export { onOpen, helperA as renamed } from './menu';",
        "export * from './more';",
        "export type { Settings } from './more';",
      ].join('\n'),
      'menu.ts': [
        '/** Builds the menu. */',
        'export function onOpen(e?: unknown): void {}',
        '/** Renamed on export. */',
        'export function helperA(first: string, ...rest: number[]): string { return first; }',
        'export function notReExported(): void {}',
      ].join('\n'),
      'more.ts': [
        'export interface Settings { url: string }',
        '/** An arrow function counts too. */',
        'export const getSettings = (user: string): Settings => ({ url: user });',
      ].join('\n'),
    });

    const functions = readServerExports(entry);

    expect(functions.map((fn) => fn.name).sort()).toEqual(['getSettings', 'onOpen', 'renamed']);
    const byName = Object.fromEntries(functions.map((fn) => [fn.name, fn]));
    expect(byName.onOpen.params).toEqual([{ name: 'e', rest: false }]);
    expect(byName.renamed.params).toEqual([
      { name: 'first', rest: false },
      { name: 'rest', rest: true },
    ]);
    expect(byName.renamed.jsDoc).toBe('/** Renamed on export. */');
    expect(byName.getSettings.jsDoc).toBe('/** An arrow function counts too. */');
    expect(byName.getSettings.params).toEqual([{ name: 'user', rest: false }]);
  });

  it('copies a JSDoc block re-indented to column 0 and flags custom functions', () => {
    const entry = serverTree({
      'index.ts': [
        '    /**',
        '     * Doubles a number.',
        '     *',
        '     * @param {number} value The number.',
        '     * @return {number} Twice the number.',
        '     * @customfunction',
        '     */',
        '    export function DOUBLE(value: number): number { return value * 2; }',
      ].join('\n'),
    });

    const [fn] = readServerExports(entry);

    expect(fn.customFunction).toBe(true);
    expect(fn.jsDoc).toBe(
      [
        '/**',
        ' * Doubles a number.',
        ' *',
        ' * @param {number} value The number.',
        ' * @return {number} Twice the number.',
        ' * @customfunction',
        ' */',
      ].join('\n'),
    );
  });

  it('takes the JSDoc from the first overload and the parameters from the implementation', () => {
    const entry = serverTree({
      'index.ts': [
        '/** Reads a setting. */',
        'export function read(key: string): string;',
        'export function read(key: string, fallback: string): string;',
        'export function read(key: string, fallback?: string): string { return fallback ?? key; }',
      ].join('\n'),
    });
    const [fn] = readServerExports(entry);
    expect(fn.jsDoc).toBe('/** Reads a setting. */');
    expect(fn.params.map((param) => param.name)).toEqual(['key', 'fallback']);
  });

  it.each([
    ['a constant', 'export const LIMIT = 5;', 'exports "LIMIT", which is not a function'],
    ['a class', 'export class Job {}', 'exports "Job", which is not a function'],
    ['a default export', '/** Doc. */\nexport default function () {}', 'a default export has no name'],
    ['a private name', '/** Doc. */\nexport function helper_(): void {}', '"helper_" ends with "_"'],
    ['a function without JSDoc', 'export function onOpen(): void {}', '"onOpen" is public but has no JSDoc'],
    [
      'a custom function missing a @param',
      '/**\n * @param {string} a A.\n * @return {string} B.\n * @customfunction\n */\nexport function F(a: string, b: string): string { return a + b; }',
      'custom function F has no @param for b',
    ],
    [
      'a custom function with an optional parameter in brackets, which Sheets does not match',
      '/**\n * @param {string} a A.\n * @param {string} [b] B.\n * @return {string} C.\n * @customfunction\n */\nexport function F(a: string, b?: string): string { return a + (b ?? ""); }',
      'custom function F documents [b] in brackets',
    ],
    [
      'a custom function without @return',
      '/**\n * @param {string} a A.\n * @customfunction\n */\nexport function F(a: string): string { return a; }',
      'custom function F has no @return',
    ],
  ])('refuses %s, saying why', (_what, source, message) => {
    const entry = serverTree({ 'index.ts': source });
    expect(() => readServerExports(entry)).toThrow(message);
  });

  it('reads the real server entry: every public function, with its JSDoc', () => {
    const functions = readServerExports(path.resolve(__dirname, '../../../addon/server/index.ts'));
    const names = functions.map((fn) => fn.name);
    expect(names).toEqual(
      expect.arrayContaining(['onOpen', 'onInstall', 'showSidebar', 'INFLUENCER_REPORT', 'EMAIL_SEARCH']),
    );
    const report = functions.find((fn) => fn.name === 'INFLUENCER_REPORT');
    expect(report?.customFunction).toBe(true);
    expect(report?.params.map((param) => param.name)).toEqual([
      'handles',
      'platform',
      'fields',
      'with_header',
    ]);
  });
});
