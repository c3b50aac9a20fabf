import path from 'node:path';
import { ESLint } from 'eslint';

/**
 * The one-way arrows of ARCHITECTURE.md, as the lint enforces them: each probe is a file as it
 * would sit in a room, importing across a boundary. The lint must refuse the wrong ones and let
 * the right ones through, so a weakened rule fails here and not in a review months later.
 */

const root = path.resolve(__dirname, '../..');
// The repository's own config, handed in: ESLint's loader imports it dynamically, which Jest's
// module sandbox does not allow.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../../eslint.config.js') as ESLint.Options['overrideConfig'];
const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config ?? null });

/** The rules that hold the layers: resolved paths, and what a path cannot say (node:, types). */
const LAYER_RULES = new Set([
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  '@typescript-eslint/no-restricted-imports',
]);

async function refusals(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => LAYER_RULES.has(m.ruleId ?? '')).map((m) => m.message);
}

const importing = (from: string, type = false) =>
  `import ${type ? 'type ' : ''}{ thing } from '${from}';\nexport const used: unknown = thing;\n`;

describe('import layers', () => {
  it.each([
    ['shared/probe.ts', '../worker/src/app', 'shared/ is bundled'],
    ['shared/requests/probe.ts', '../../addon/server/index', 'shared/ is bundled'],
    ['shared/probe.ts', 'node:crypto', 'no Node API'],
    ['addon/server/probe.ts', '../../worker/src/app', 'over HTTP only'],
    ['worker/src/probe.ts', '../sandbox/server', 'worker/src is the worker alone'],
    ['worker/src/operations/probe.ts', '../../playground/playground', 'worker/src is the worker alone'],
    ['worker/src/probe.ts', '../start', 'worker/src is the worker alone'],
    ['worker/src/operations/probe.ts', '../jobs/job-runner', 'operations are beneath jobs'],
    ['worker/src/operations/probe.ts', '../../sandbox/server', 'worker/src is the worker alone'],
    ['worker/sandbox/operations/probe.ts', '../../src/config', 'imports only shared/'],
    ['worker/common/probe.ts', '../sandbox/data', 'beneath the worker'],
    ['worker/playground/probe.ts', '../src/identity/id-token-verifier', 'what worker/start.ts hands it'],
    // The same imports under other spellings (issue 24): the path is resolved, not read as text.
    ['worker/src/probe.ts', '../../worker/sandbox/server', 'worker/src is the worker alone'],
    ['worker/src/http/probe.ts', '../../../worker/playground/playground', 'worker/src is the worker alone'],
    ['worker/src/operations/probe.ts', '../../src/jobs/job-runner', 'operations are beneath jobs'],
    ['worker/src/operations/probe.ts', './../jobs/./job-runner', 'operations are beneath jobs'],
    ['shared/probe.ts', './../worker/src/app', 'shared/ is bundled'],
    ['addon/sidebar/probe.ts', '../../addon/../worker/src/config', 'over HTTP only'],
    ['worker/sandbox/probe.ts', '../../worker/src/config', 'imports only shared/'],
    ['worker/common/probe.ts', '../../worker/sandbox/data', 'beneath the worker'],
    ['worker/playground/probe.ts', '../../worker/src/config', 'what worker/start.ts hands it'],
  ])('%s may not import %s', async (file, from, why) => {
    const found = await refusals(file, importing(from));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(why);
  });

  it.each([
    ['addon/server/probe.ts', '../../shared/limits'],
    ['worker/src/probe.ts', '../../shared/limits'],
    ['worker/src/probe.ts', '../common/clock'],
    ['worker/src/jobs/probe.ts', '../operations/reports/reports'],
    ['worker/sandbox/probe.ts', '../common/clock'],
    ['worker/start.ts', './sandbox/server'],
    ['worker/playground/probe.ts', '../sandbox/data'],
  ])('%s may import %s', async (file, from) => {
    expect(await refusals(file, importing(from))).toEqual([]);
  });

  it('lets the playground name the worker’s types without loading its code', async () => {
    expect(
      await refusals('worker/playground/probe.ts', importing('../src/identity/id-token-verifier', true)),
    ).toEqual([]);
  });
});
