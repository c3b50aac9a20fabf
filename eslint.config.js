// One lint setup: ESLint's and typescript-eslint's recommended rules, formatting left to Prettier.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const prettier = require('eslint-config-prettier');

const { importX, createNodeResolver } = require('eslint-plugin-import-x');

/**
 * The rooms and their one-way arrows (ARCHITECTURE.md) by resolved path (issue 24): each import is
 * resolved to the file it loads, so no spelling of a path ('../../worker/sandbox/server' from
 * worker/src, say) slips past. `target` is the room, `from` what it may not load.
 */
const START = ['worker/start.ts', 'worker/start-config.ts'];

/**
 * worker/src's floors, top first (ARCHITECTURE.md, "The worker's rooms and floors"): a room imports
 * only the floors beneath its own, never one above it nor a room beside it, so no two rooms import
 * each other. A room is a folder of worker/src or, on the wiring floor, one of its files.
 */
const WORKER_FLOORS = [
  ['verify'],
  ['index.ts', 'app.ts', 'app-deps.ts', 'config.ts'],
  ['http', 'openapi'],
  ['jobs'],
  ['schedules'],
  ['operations'],
  ['billing'],
  ['budgets'],
  ['documents'],
  ['identity'],
  ['request-io', 'metrics'],
  ['store'],
  ['upstream', 'google', 'concurrency', 'logging', 'alerts'],
];

/** One zone per room below the top floor: `from` is every room above it and every room beside it. */
function floorZones(base, floors) {
  const isFile = (room) => room.endsWith('.ts');
  const named = (room) => (isFile(room) ? room : `${room}/`);
  return floors.slice(1).flatMap((floor, index) => {
    const above = floors.slice(0, index + 1).flat();
    return floor.map((room) => {
      // The wiring floor's files (app.ts, config.ts, ...) assemble the worker together.
      const beside = floor.filter((other) => other !== room && !(isFile(room) && isFile(other)));
      return {
        target: `${base}/${room}`,
        from: [...above, ...beside].map((other) => `${base}/${other}`),
        message:
          `${base}'s imports point down its floors (ARCHITECTURE.md): ${named(room)} is beneath ` +
          `${above.map(named).join(', ')}${beside.length > 0 ? ` and beside ${beside.map(named).join(', ')}` : ''}, ` +
          'so it imports none of them; what both need goes down to the lower room',
      };
    });
  });
}

const ZONES = [
  {
    target: 'shared',
    from: ['worker', 'addon', 'test'],
    message: 'shared/ is bundled into the add-on and the worker: it imports nothing above it and no Node API',
  },
  { target: 'addon', from: ['worker', 'test'], message: 'the add-on reaches the worker over HTTP only' },
  {
    target: 'worker/src',
    from: ['worker/sandbox', 'worker/playground', ...START, 'addon', 'test'],
    message: 'worker/src is the worker alone: the sandbox and the playground are wired in by worker/start.ts',
  },
  ...floorZones('worker/src', WORKER_FLOORS),
  {
    target: 'worker/sandbox',
    from: ['worker/src', 'worker/playground', ...START, 'addon', 'test'],
    message: 'the sandbox stands in for the Discovery API: it imports only shared/ and worker/common',
  },
  {
    target: 'worker/common',
    from: ['worker/src', 'worker/sandbox', 'worker/playground', ...START, 'addon', 'test'],
    message: 'worker/common is beneath the worker, the sandbox and the playground',
  },
  {
    // worker/src's types it may name (below, as spelled): what it loads comes from worker/start.ts.
    target: 'worker/playground',
    from: [...START, 'test'],
    message: 'the playground reaches the worker only through what worker/start.ts hands it',
  },
];

module.exports = tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/ban-ts-comment': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  // The rooms and their one-way arrows (ARCHITECTURE.md): a wrong import fails the lint, not a
  // review, whatever its spelling.
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js', '.json'] })] },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: __dirname, zones: ZONES }] },
  },
  // What a path cannot say: no Node API in shared/; the playground may name worker/src's types
  // (an `import type` loads nothing) but not load its code.
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^node:', message: 'shared/ is bundled into the add-on: no Node API' }] },
      ],
    },
  },
  {
    files: ['worker/playground/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)src(/|$)',
              message:
                'the playground reaches the worker only through what worker/start.ts hands it (types aside)',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  prettier,
);
