import { MAX_FORMULA_EMAIL_INPUTS, MAX_FORMULA_RESULT_CELLS } from '../../shared/worker-api/request-limits';
import { ARGUMENT_CELL_MS, RESULT_CELL_MS } from '../../worker/playground/apps-script/runtime/runtime';
import { useBundleWorld } from './bundle-world';

/**
 * Issue 26: formulas sized to Google's limits, from the built bundle against the real worker. The
 * fakes charge a formula's run for the cells it is handed and gives back (runtime.ts), as Apps
 * Script counts both in its 30 s: a formula at the cap finishes inside them, one past it answers
 * its sentence at once, without a request.
 */

const world = useBundleWorld({ env: { BUNDLE_HANDLES: '3', BUNDLE_EMAILS: '0' } });

const column = (values: string[]) => values.map((value) => [value]);
const addresses = (count: number) =>
  Array.from({ length: count }, (_, i) => `size.${i}@brand${i % 41}.example.com`);

/** Runs the formula as Sheets does; answers its value, fake seconds spent and requests made. */
function timed(fakes: ReturnType<typeof world.load>, name: string, args: unknown[]) {
  const before = fakes.runtime.clock.now();
  const requests = fakes.urlFetchApp.requests.length;
  const value = fakes.runtime.call(name, args, 'custom-function');
  return {
    value,
    seconds: (fakes.runtime.clock.now() - before) / 1000,
    requests: fakes.urlFetchApp.requests.length - requests,
  };
}

describe('a formula as big as Google lets it be', () => {
  it(`=EMAIL_SEARCH of ${MAX_FORMULA_EMAIL_INPUTS.toLocaleString('en-US')} addresses finishes inside the 30 s`, () => {
    const fakes = world.load();
    const run = timed(fakes, 'EMAIL_SEARCH', [column(addresses(MAX_FORMULA_EMAIL_INPUTS))]);
    expect(Array.isArray(run.value)).toBe(true);
    expect((run.value as unknown[][]).length).toBe(MAX_FORMULA_EMAIL_INPUTS);
    // Handing in the column and taking back the rows are most of it; the fetch is one request.
    expect(run.requests).toBe(1);
    expect(run.seconds).toBeLessThan(30);
    expect(run.seconds).toBeGreaterThan((MAX_FORMULA_EMAIL_INPUTS * ARGUMENT_CELL_MS) / 1000);
  });

  it('answers a longer list with its sentence in under a second, asking the worker nothing', () => {
    const fakes = world.load();
    const run = timed(fakes, 'EMAIL_SEARCH', [column(addresses(MAX_FORMULA_EMAIL_INPUTS + 1))]);
    expect(run.value).toBe(
      `emails hold ${MAX_FORMULA_EMAIL_INPUTS + 1} rows, at most ${MAX_FORMULA_EMAIL_INPUTS} in a formula: use Extensions > Creator Sheets > Enrich selected column.`,
    );
    expect(run.requests).toBe(0);
    expect(run.seconds).toBeLessThan(1);
  });

  it('answers a report of more cells than a formula can hand back with a sentence, not a timeout', () => {
    const fakes = world.load();
    const handles = Array.from({ length: 2000 }, (_, i) => `@size_creator_${i}`);
    // Every column there is: thousands of rows times dozens of columns.
    const run = timed(fakes, 'INFLUENCER_REPORT', [column(handles), 'instagram', 'all']);
    expect(run.value).toMatch(
      new RegExp(
        `^This formula would return [\\d,]+ cells, more than the ${MAX_FORMULA_RESULT_CELLS.toLocaleString('en-US')} a formula can hand back in time: choose fewer columns or rows`,
      ),
    );
    expect(run.requests).toBe(0);
    expect(run.seconds).toBeLessThan(1);
    // What it would have cost Apps Script to take the array back alone, at the fakes' rate.
    expect((MAX_FORMULA_RESULT_CELLS * RESULT_CELL_MS) / 1000).toBeLessThanOrEqual(10);
  });
});
