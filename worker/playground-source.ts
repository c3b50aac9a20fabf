import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PlaygroundModule from './playground/playground';

/**
 * The playground's code, always from its TypeScript sources. `npm start` runs the worker compiled
 * (tsconfig.worker.json, into dist/server), but the playground is a development tool that works on
 * the repository itself: it builds the add-on from this tree's sources with rollup and TypeScript
 * (dev dependencies), reads its page's files, and forks its Apps Script process with tsx, every
 * path relative to where its own source sits. So the compiled worker loads it from
 * worker/playground through tsx (a dependency), and its processes run as they always did.
 *
 * Null when the sources are not there: a container image carries the compiled worker alone,
 * and serves the API and the sandbox without the playground.
 */
export async function loadPlaygroundSource(): Promise<typeof PlaygroundModule | null> {
  // Run from the sources (tsx, Jest): an import like any other.
  if (__filename.endsWith('.ts')) return import('./playground/playground');
  // Compiled to dist/server/worker/playground-source.js: the repository is three folders up.
  const source = path.resolve(__dirname, '..', '..', '..', 'worker', 'playground', 'playground.ts');
  if (!existsSync(source)) return null;
  const tsx = createRequire(__filename)('tsx/cjs/api') as TsxApi;
  return tsx.require(source, __filename) as typeof PlaygroundModule;
}

/** What tsx's CommonJS API offers that is used here: require a TypeScript file, and what it imports. */
interface TsxApi {
  require(id: string, fromFile: string): unknown;
}
