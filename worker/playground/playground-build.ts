import { createRequire } from 'node:module';
import path from 'node:path';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import { rollup, type OutputOptions, type Plugin, type RollupOptions } from 'rollup';
import { PAGE_SCRIPTS, PAGE_SOURCE_DIR as PAGE_DIR, REPO_ROOT } from './playground-paths';
import { transpileTypeScript } from './transpile-typescript';

/**
 * The playground's builds, with rollup's JS API: the add-on exactly as rollup.config.js builds it
 * (its own config, loaded as `rollup -c` loads it) but with TypeScript transpiled file by file
 * instead of type-checked, and the playground page's own scripts. Run in a build process of its
 * own (playground-build-process.ts), whose working directory is the repository (rollup.config.js
 * names its files relative to it): a TypeScript build is seconds of CPU the worker's event loop must
 * not spend, and memory the long-lived Apps Script process should not keep.
 */

interface AddonBuild {
  workerUrl: string;
  outDir: string;
}

/** Code.js, Sidebar.html and appsscript.json into `outDir`, calling the worker at `workerUrl`. */
export async function buildAddon({ workerUrl, outDir }: AddonBuild): Promise<void> {
  // rollup.config.js takes its settings from the environment when it is loaded, once per process.
  process.env.WORKER_URL = workerUrl;
  process.env.ADDON_OUT_DIR = outDir;
  const configs = createRequire(__filename)(path.join(REPO_ROOT, 'rollup.config.js')) as RollupOptions[];
  for (const config of configs) {
    const tsconfig = path.join(path.dirname(path.resolve(String(config.input))), 'tsconfig.json');
    const plugins = (config.plugins as Plugin[]).map((plugin) =>
      plugin.name === 'typescript' ? transpileTypeScript(tsconfig) : plugin,
    );
    await write({ ...config, plugins }, config.output as OutputOptions);
  }
}

/** page.js and script-run-shim.js into `outDir`. */
export async function buildPage(outDir: string): Promise<void> {
  const entries: [string, string][] = [
    ['main.ts', PAGE_SCRIPTS.page],
    ['script-run-shim.ts', PAGE_SCRIPTS.scriptRunShim],
  ];
  for (const [entry, fileName] of entries) {
    await write(
      {
        input: path.join(PAGE_DIR, entry),
        plugins: [
          nodeResolve({ extensions: ['.ts', '.js'] }),
          transpileTypeScript(path.join(PAGE_DIR, 'tsconfig.json')),
        ],
      },
      { file: path.join(outDir, fileName), format: 'iife', generatedCode: { preset: 'es2015' } },
    );
  }
}

async function write(options: RollupOptions, output: OutputOptions): Promise<void> {
  const bundle = await rollup({
    ...options,
    onwarn: (warning) => process.stderr.write(`rollup: ${warning.message}\n`),
  });
  try {
    await bundle.write(output);
  } finally {
    await bundle.close();
  }
}
