import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rollup, type OutputOptions, type RollupOutput } from 'rollup';
import { appsScriptBundle } from '../../../addon/build/apps-script-bundle-plugin';

/** A server entry in plain JavaScript syntax, so rollup needs no TypeScript plugin to read it. */
async function bundle(entrySource: string, output: OutputOptions = {}): Promise<RollupOutput> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'apps-script-bundle-'));
  const entry = path.join(dir, 'index.ts');
  const manifest = path.join(dir, 'appsscript.json');
  writeFileSync(entry, entrySource);
  writeFileSync(manifest, JSON.stringify({ runtimeVersion: 'V8', urlFetchWhitelist: [] }));
  const build = await rollup({
    input: entry,
    plugins: [appsScriptBundle({ entry, bundleName: 'App', manifest, workerUrl: 'https://w.example/' })],
  });
  return build.generate({ format: 'iife', name: 'App', ...output });
}

describe('appsScriptBundle', () => {
  it('appends a documented stub per export and emits the manifest with the worker whitelisted', async () => {
    const { output } = await bundle(
      [
        'function helper(x) { return x * 2; }',
        '/** Doubles. */',
        'export function run(x) { return helper(x); }',
      ].join('\n'),
    );
    const code = output.find((file) => file.fileName === 'index.js');
    const manifest = output.find((file) => file.fileName === 'appsscript.json');
    expect(code?.type === 'chunk' && code.code).toContain(
      '/** Doubles. */\nfunction run(x) {\n  return App.run(x);\n}',
    );
    expect(manifest?.type === 'asset' && JSON.parse(String(manifest.source))).toEqual({
      runtimeVersion: 'V8',
      urlFetchWhitelist: ['https://w.example/'],
    });
  });

  it('fails the build when the bundle reaches for a Node API', async () => {
    await expect(
      bundle('/** Reads the environment. */\nexport function run() { return process.env.KEY; }'),
    ).rejects.toThrow(/would not run in Apps Script V8:\n {2}line \d+: process: Node/);
  });

  it('fails the build for an output format Apps Script cannot load', async () => {
    await expect(bundle('/** Runs. */\nexport function run() {}', { format: 'es' })).rejects.toThrow(
      'Apps Script needs format "iife" with name "App"',
    );
  });
});
