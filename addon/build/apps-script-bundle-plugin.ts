import { readFileSync } from 'node:fs';
import type { OutputChunk, Plugin } from 'rollup';
import { findUnavailableApis } from './find-unavailable-apis';
import { buildManifest } from './manifest';
import { readServerExports, type ServerFunction } from './read-server-exports';
import { renderStubs } from './render-stubs';

export interface AppsScriptBundleOptions {
  /** The server entry whose exports are the public surface, e.g. addon/server/index.ts. */
  entry: string;
  /** The global the IIFE is assigned to; must equal the output's `name`. */
  bundleName: string;
  /** The top-level appsscript.json. */
  manifest: string;
  /** Written into the manifest's urlFetchWhitelist. */
  workerUrl: string;
}

/**
 * Makes an IIFE bundle into an Apps Script file: appends one top-level stub per export of the
 * server entry (read with the TypeScript compiler, JSDoc included), refuses output that uses
 * modules or Node/browser globals, and emits appsscript.json beside it.
 */
export function appsScriptBundle(options: AppsScriptBundleOptions): Plugin {
  let functions: ServerFunction[] = [];
  return {
    name: 'apps-script-bundle',
    buildStart() {
      try {
        functions = readServerExports(options.entry);
      } catch (error) {
        this.error(error instanceof Error ? error.message : String(error));
      }
      this.addWatchFile(options.manifest);
    },
    generateBundle(output, bundle) {
      if (output.format !== 'iife' || output.name !== options.bundleName) {
        this.error(`Apps Script needs format "iife" with name "${options.bundleName}"`);
      }
      const chunk = Object.values(bundle).find(
        (file): file is OutputChunk => file.type === 'chunk' && file.isEntry,
      );
      if (chunk === undefined) this.error('The server build produced no entry chunk');
      const stubNames = functions.map((fn) => fn.name).sort();
      const exported = [...chunk.exports].sort();
      if (stubNames.join() !== exported.join()) {
        this.error(
          `The bundle exports [${exported.join(', ')}] but the stubs cover [${stubNames.join(', ')}]`,
        );
      }
      chunk.code = `${chunk.code.trimEnd()}\n\n${renderStubs(functions, options.bundleName)}`;
      const problems = findUnavailableApis(chunk.code);
      if (problems.length > 0) {
        this.error(`${chunk.fileName} would not run in Apps Script V8:\n  ${problems.join('\n  ')}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: 'appsscript.json',
        source: buildManifest(readFileSync(options.manifest, 'utf8'), options.workerUrl),
      });
    },
  };
}
