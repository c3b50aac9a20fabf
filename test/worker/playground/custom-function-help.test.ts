import { readFunctionHelp } from '../../../worker/playground/custom-function-help';

/** The formula help Sheets shows for a script's custom functions, read from the script's JSDoc. */

const SOURCE = `
/**
 * Multiplies a number by two. Ranges double cell by cell.
 *
 * @param {number|number[][]} input The number to double,
 *     or a range of them.
 * @param {string} [label] A label to put first.
 * @return {number} The input multiplied by 2.
 * @example =DOUBLE(A1)
 * @example =DOUBLE(A1:A5, "x")
 * @customfunction
 */
function DOUBLE(input, label) { return input * 2; }

/** A menu item, not a formula. */
function showSidebar() {}

/**
 * Private: Sheets never calls it from a cell.
 * @customfunction
 */
function helper_() {}

/**
 * Not a top-level function of the script.
 * @customfunction
 */
function INNER() {}
`;

describe('readFunctionHelp', () => {
  it('reads the description, each parameter (optional or not) and the examples', () => {
    expect(readFunctionHelp(SOURCE, ['DOUBLE', 'showSidebar', 'helper_'])).toEqual([
      {
        name: 'DOUBLE',
        summary: 'Multiplies a number by two.',
        description: 'Multiplies a number by two. Ranges double cell by cell.',
        parameters: [
          {
            name: 'input',
            type: 'number|number[][]',
            description: 'The number to double, or a range of them.',
            optional: false,
          },
          { name: 'label', type: 'string', description: 'A label to put first.', optional: true },
        ],
        examples: ['=DOUBLE(A1)', '=DOUBLE(A1:A5, "x")'],
      },
    ]);
  });

  it('lists only top-level functions tagged @customfunction, never a private one', () => {
    const names = readFunctionHelp(SOURCE, ['DOUBLE', 'showSidebar', 'helper_']).map((help) => help.name);
    expect(names).toEqual(['DOUBLE']);
    expect(readFunctionHelp(SOURCE, ['INNER']).map((help) => help.name)).toEqual(['INNER']);
    expect(readFunctionHelp(SOURCE, [])).toEqual([]);
  });
});
