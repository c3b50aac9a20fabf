// One lint setup: ESLint's and typescript-eslint's recommended rules, formatting left to Prettier.
const js = require('@eslint/js');
const tseslint = require('typescript-eslint');
const prettier = require('eslint-config-prettier');

/** One `no-restricted-imports` rule per room: the imports its files may not make. */
function layers(rooms) {
  return rooms.map(({ files, why, regex, allowTypeImports = false }) => ({
    files,
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex, message: why, allowTypeImports }] }],
    },
  }));
}

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
  // review. Paths are matched as written; each room's files sit at most a few folders deep.
  ...layers([
    {
      files: ['shared/**/*.ts'],
      why: 'shared/ is bundled into the add-on and the worker: it imports nothing above it and no Node API',
      regex: '^((\\.\\./)+(worker|addon|test)(/|$)|node:)',
    },
    {
      files: ['addon/**/*.ts'],
      why: 'the add-on reaches the worker over HTTP only',
      regex: '^(\\.\\./)+(worker|test)(/|$)',
    },
    {
      files: ['worker/src/**/*.ts'],
      why: 'worker/src is the worker alone: the sandbox and the playground are wired in by worker/start.ts',
      regex: '^(\\.\\./)+(sandbox|playground|start|start-config|addon|test)(/|$)',
    },
    {
      // Repeats worker/src's refusals: a later entry's options replace an earlier one's.
      files: ['worker/src/operations/**/*.ts'],
      why: 'operations are beneath jobs: job kinds run operations, never the other way round (and worker/src is the worker alone)',
      regex: '^((\\.\\./)+(sandbox|playground|start|start-config|addon|test)(/|$)|\\.\\./jobs(/|$))',
    },
    {
      files: ['worker/sandbox/**/*.ts'],
      why: 'the sandbox stands in for the Discovery API: it imports only shared/ and worker/common',
      regex: '^(\\.\\./)+(src|playground|start|start-config|addon|test)(/|$)',
    },
    {
      files: ['worker/common/**/*.ts'],
      why: 'worker/common is beneath the worker, the sandbox and the playground',
      regex: '^(\\.\\./)+(src|sandbox|playground|start|start-config|addon|test)(/|$)',
    },
    {
      files: ['worker/playground/**/*.ts'],
      why: 'the playground reaches the worker only through what worker/start.ts hands it (types aside)',
      regex: '^(\\.\\./)+(src|start|start-config|test)(/|$)',
      allowTypeImports: true,
    },
  ]),
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
