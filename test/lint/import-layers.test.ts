import { readdirSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';

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
    ['worker/src/operations/probe.ts', '../jobs/job-runner', 'operations/ is beneath'],
    ['worker/src/operations/probe.ts', '../../sandbox/server', 'worker/src is the worker alone'],
    ['worker/sandbox/operations/probe.ts', '../../src/config', 'imports only shared/'],
    ['worker/common/probe.ts', '../sandbox/data', 'beneath the worker'],
    ['worker/playground/probe.ts', '../src/identity/id-token-verifier', 'what worker/start.ts hands it'],
    // The same imports under other spellings (issue 24): the path is resolved, not read as text.
    ['worker/src/probe.ts', '../../worker/sandbox/server', 'worker/src is the worker alone'],
    ['worker/src/http/probe.ts', '../../../worker/playground/playground', 'worker/src is the worker alone'],
    ['worker/src/operations/probe.ts', '../../src/jobs/job-runner', 'operations/ is beneath'],
    ['worker/src/operations/probe.ts', './../jobs/./job-runner', 'operations/ is beneath'],
    ['shared/probe.ts', './../worker/src/app', 'shared/ is bundled'],
    ['addon/sidebar/probe.ts', '../../addon/../worker/src/config', 'over HTTP only'],
    ['worker/sandbox/probe.ts', '../../worker/src/config', 'imports only shared/'],
    ['worker/common/probe.ts', '../../worker/sandbox/data', 'beneath the worker'],
    ['worker/playground/probe.ts', '../../worker/src/config', 'what worker/start.ts hands it'],
    // worker/src's floors (issue 24, item 1): nothing imports up or sideways, however it is spelled.
    ['worker/src/store/probe.ts', '../http/request-rate-limit', 'store/ is beneath'],
    ['worker/src/store/postgres/probe.ts', '../../operations/reports/reports', 'store/ is beneath'],
    ['worker/src/upstream/probe.ts', '../../../worker/src/jobs/job-runner', 'upstream/ is beneath'],
    ['worker/src/upstream/probe.ts', '../store/../http/./health-probes', 'upstream/ is beneath'],
    ['worker/src/store/sqlite/probe.ts', '../../../src/operations/operation-deps', 'store/ is beneath'],
    // A folder's path without its index: `..` from a room is worker/src/index.ts, the wiring floor.
    ['worker/src/store/probe.ts', '..', 'store/ is beneath'],
    ['worker/src/upstream/probe.ts', '../', 'upstream/ is beneath'],
    ['worker/src/operations/search/probe.ts', '../../config', 'operations/ is beneath'],
    ['worker/src/budgets/probe.ts', '../billing/paid-call', 'budgets/ is beneath'],
    ['worker/src/identity/probe.ts', '../documents/keys-router', 'identity/ is beneath'],
    ['worker/src/request-io/probe.ts', '../budgets/budget-guard', 'request-io/ is beneath'],
    ['worker/src/schedules/probe.ts', '../jobs/jobs-router', 'schedules/ is beneath'],
    ['worker/src/jobs/probe.ts', '../openapi/route-schemas', 'jobs/ is beneath'],
    ['worker/src/metrics/probe.ts', '../request-io/worker-error', 'beside request-io/'],
    ['worker/src/google/probe.ts', '../upstream/upstream-error', 'beside upstream/'],
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
    // Down worker/src's floors, by a floor or by many.
    ['worker/src/http/probe.ts', '../identity/authenticate'],
    ['worker/src/openapi/probe.ts', '../operations/search/search-request'],
    ['worker/src/schedules/probe.ts', '../operations/reports/reports'],
    ['worker/src/operations/probe.ts', '../billing/paid-call'],
    ['worker/src/billing/probe.ts', '../budgets/budget-guard'],
    ['worker/src/documents/probe.ts', '../identity/identity'],
    ['worker/src/request-io/probe.ts', '../store/store-availability'],
    ['worker/src/store/probe.ts', '../upstream/throttle'],
    ['worker/src/verify/probe.ts', '../config'],
    ['worker/src/index.ts', './app-deps'],
  ])('%s may import %s', async (file, from) => {
    expect(await refusals(file, importing(from))).toEqual([]);
  });

  it('lets the playground name the worker’s types without loading its code', async () => {
    expect(
      await refusals('worker/playground/probe.ts', importing('../src/identity/id-token-verifier', true)),
    ).toEqual([]);
  });

  it('refuses a type import up the floors too: a room names no type of a room above it', async () => {
    const found = await refusals('worker/src/store/probe.ts', importing('../budgets/budget-guard', true));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('store/ is beneath');
  });

  it('puts every room of worker/src on a floor, so a new folder is placed before it is used', () => {
    const named = new Set(workerZones().flatMap((zone) => [zone.target, ...zone.from].flat()));
    const rooms = readdirSync(path.join(root, 'worker/src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || entry.name.endsWith('.ts'))
      .map((entry) => `worker/src/${entry.name}`);
    expect(rooms.length).toBeGreaterThan(15);
    expect(rooms.filter((room) => !named.has(room))).toEqual([]);
  });
});

interface Zone {
  target: string | string[];
  from: string | string[];
}

/** The zones that hold worker/src's floors, as the config hands them to the rule. */
function workerZones(): Zone[] {
  const blocks = (Array.isArray(config) ? config : [config]) as Linter.Config[];
  const rule = blocks.find((block) => block.rules?.['import-x/no-restricted-paths'])?.rules?.[
    'import-x/no-restricted-paths'
  ] as [string, { zones: Zone[] }];
  return rule[1].zones.filter((zone) =>
    [zone.target].flat().some((target) => target.startsWith('worker/src/')),
  );
}
