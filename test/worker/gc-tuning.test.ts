import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';

/**
 * Long-lived objects from one place in the code, the pattern V8 pretenures, in a plain Node process
 * (a loader such as tsx allocates beside it and makes V8's decisions vary from run to run).
 */
const WORKLOAD = `
if (process.env.TUNE === '1') require('./gc-tuning.js').tuneGarbageCollector();
const kept = [];
function make(i) { return { a: i, b: [i, i + 1], c: { d: i } }; }
for (let round = 0; round < 10; round += 1) for (let i = 0; i < 200000; i += 1) kept.push(make(i));
process.stdout.write('kept ' + kept.length + '\\n');
`;

let dir: string;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'gc-tuning-'));
  const source = readFileSync(path.join(__dirname, '../../worker/gc-tuning.ts'), 'utf8');
  const compiled = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS } });
  writeFileSync(path.join(dir, 'gc-tuning.js'), compiled.outputText);
  writeFileSync(path.join(dir, 'workload.js'), WORKLOAD);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** V8's decisions to allocate a place's objects in the old generation, as it traces them. */
function tenureDecisions(tune: boolean): number {
  // One collector thread: V8's decisions then depend less on how busy the machine is.
  const flags = ['--single-threaded-gc', '--trace-pretenuring-statistics'];
  const run = spawnSync(process.execPath, [...flags, path.join(dir, 'workload.js')], {
    encoding: 'utf8',
    maxBuffer: 16 * 2 ** 20,
    env: { ...process.env, TUNE: tune ? '1' : '0' },
    timeout: 60_000,
  });
  expect(`${run.stdout.slice(-200)}${run.stderr}${run.error?.message ?? ''}`).toContain('kept 2000000');
  return (run.stdout.match(/=> tenure/g) ?? []).length;
}

describe('tuneGarbageCollector', () => {
  it('stops V8 from pretenuring, which it does to long-lived objects otherwise', () => {
    // V8's heuristic: some runs of an untuned process decide later than the workload lasts, so the
    // control may take up to three runs; the tuned process must decide nothing in any.
    let untuned = 0;
    for (let attempt = 0; attempt < 3 && untuned === 0; attempt += 1) untuned = tenureDecisions(false);
    expect(untuned).toBeGreaterThan(0);
    expect(tenureDecisions(true)).toBe(0);
  });
});
