// Builds the add-on into dist/addon, the folder clasp pushes (.clasp.json rootDir):
//   Code.js         addon/server as one IIFE plus a top-level stub per public function
//   appsscript.json the top-level manifest, urlFetchWhitelist set to the worker
//   Sidebar.html    addon/sidebar with its script and stylesheet inlined
// Environment: WORKER_URL, the worker the add-on calls (default http://localhost:8787/);
// ADDON_OUT_DIR, where to write instead of dist/addon (tests build into a temporary folder).
const fs = require('node:fs');
const path = require('node:path');
const typescript = require('@rollup/plugin-typescript');
const { nodeResolve } = require('@rollup/plugin-node-resolve');
// The build helpers are TypeScript (typed and tested like the rest); tsx loads them here.
const { require: tsxRequire } = require('tsx/cjs/api');
const loadTs = (file) => tsxRequire(path.join(__dirname, file), path.join(__dirname, 'rollup.config.js'));

const { appsScriptBundle } = loadTs('./addon/build/apps-script-bundle-plugin.ts');
const { buildConstants } = loadTs('./addon/build/build-constants-plugin.ts');
const { sidebarPage } = loadTs('./addon/build/sidebar-page-plugin.ts');
const { resolveWorkerUrl } = loadTs('./addon/build/worker-url-setting.ts');

const outDir = path.resolve(process.env.ADDON_OUT_DIR || 'dist/addon');
const worker = resolveWorkerUrl(process.env.WORKER_URL);
for (const note of worker.notes) console.warn(`Note: ${note}`);

// clasp pushes every file in the folder, so nothing from an earlier build may linger there.
if (!process.env.ROLLUP_WATCH) fs.rmSync(outDir, { recursive: true, force: true });

const BUNDLE_NAME = 'CreatorSheets';

module.exports = [
  {
    input: 'addon/server/index.ts',
    output: {
      dir: outDir,
      entryFileNames: 'Code.js',
      format: 'iife',
      name: BUNDLE_NAME,
      generatedCode: { preset: 'es2015', symbols: false },
    },
    plugins: [
      nodeResolve({ extensions: ['.ts', '.js'] }),
      typescript({ tsconfig: 'addon/server/tsconfig.json', outputToFilesystem: false }),
      buildConstants({ __CREATOR_SHEETS_WORKER_URL__: worker.url }),
      appsScriptBundle({
        entry: 'addon/server/index.ts',
        bundleName: BUNDLE_NAME,
        manifest: 'appsscript.json',
        workerUrl: worker.url,
      }),
    ],
  },
  {
    input: 'addon/sidebar/main.ts',
    output: { dir: outDir, format: 'iife', generatedCode: { preset: 'es2015', symbols: false } },
    plugins: [
      nodeResolve({ extensions: ['.ts', '.js'] }),
      typescript({ tsconfig: 'addon/sidebar/tsconfig.json', outputToFilesystem: false }),
      sidebarPage({ template: 'addon/sidebar/sidebar.html', fileName: 'Sidebar.html' }),
    ],
  },
];
