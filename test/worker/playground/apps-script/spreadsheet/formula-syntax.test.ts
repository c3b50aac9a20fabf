import {
  argumentAt,
  parseFormula,
  unsupportedNote,
} from '../../../../../worker/playground/apps-script/spreadsheet/formula-syntax';

/** How the playground reads a formula typed the way Sheets users in any locale type them. */

describe('parseFormula', () => {
  it('reads one call with references, text, numbers and TRUE/FALSE, in any case', () => {
    expect(
      parseFormula('=influencer_report(A2:A4, "instagram", "followers, engagement_rate", false)'),
    ).toEqual({
      kind: 'call',
      name: 'influencer_report',
      args: [
        { kind: 'reference', text: 'A2:A4' },
        { kind: 'literal', value: 'instagram' },
        { kind: 'literal', value: 'followers, engagement_rate' },
        { kind: 'literal', value: false },
      ],
    });
    expect(parseFormula('= EMAIL_SEARCH ( \'My tab\'!$A$2:$A , 12.5 ,, "say ""hi""" )')).toEqual({
      kind: 'call',
      name: 'EMAIL_SEARCH',
      args: [
        { kind: 'reference', text: "'My tab'!$A$2:$A" },
        { kind: 'literal', value: 12.5 },
        { kind: 'empty' },
        { kind: 'literal', value: 'say "hi"' },
      ],
    });
    expect(parseFormula('=NOW()')).toEqual({ kind: 'call', name: 'NOW', args: [] });
  });

  it('takes ; between arguments as European locales write it, with a decimal comma there', () => {
    expect(parseFormula('=EMAIL_SEARCH(Leads!A2:A3; TRUE)')).toEqual({
      kind: 'call',
      name: 'EMAIL_SEARCH',
      args: [
        { kind: 'reference', text: 'Leads!A2:A3' },
        { kind: 'literal', value: true },
      ],
    });
    expect(parseFormula('=F(1,5; "a, b")')).toMatchObject({
      args: [
        { kind: 'literal', value: 1.5 },
        { kind: 'literal', value: 'a, b' },
      ],
    });
  });

  it('reads array literals: ; ends a row, , or \\ separates columns', () => {
    expect(parseFormula('=AUDIENCE_OVERLAP({"@a"; "@b"}, {1, 2; 3, 4}, {TRUE\\FALSE})')).toMatchObject({
      args: [
        { kind: 'array', rows: [['@a'], ['@b']] },
        {
          kind: 'array',
          rows: [
            [1, 2],
            [3, 4],
          ],
        },
        { kind: 'array', rows: [[true, false]] },
      ],
    });
    expect(parseFormula('=F({1, 2; 3})')).toMatchObject({
      args: [{ kind: 'error', shows: '#VALUE!', message: expect.stringContaining('ARRAY_LITERAL') }],
    });
  });

  it('tells names and expressions from references', () => {
    expect(parseFormula('=F(Emails, ABC, TRIM(A2), A2+1, "a" & "b")')).toMatchObject({
      args: [
        { kind: 'name', text: 'Emails' },
        { kind: 'name', text: 'ABC' },
        { kind: 'expression', text: 'TRIM(A2)' },
        { kind: 'expression', text: 'A2+1' },
        { kind: 'expression', text: '"a" & "b"' },
      ],
    });
  });

  it('calls anything but one call an expression, and an unclosed quote or bracket invalid', () => {
    for (const formula of ['=1+1', '=A1', '=F(1)+G(2)', '=-F(1)', '=(F(1))']) {
      expect(parseFormula(formula)).toEqual({ kind: 'expression' });
    }
    for (const formula of ['=F("abc)', '=F(1', '=F(1))', '=F({1)}']) {
      expect(parseFormula(formula)).toEqual({ kind: 'invalid' });
    }
  });
});

describe('unsupportedNote', () => {
  it('says why arithmetic and nested calls stay text, in words a user reads', () => {
    expect(unsupportedNote('=1+1')).toBe(
      "The playground works out only a formula that calls one of the add-on's functions, such as " +
        '=EMAIL_SEARCH(A2:A10). Google Sheets would calculate =1+1; here the cell keeps it as text.',
    );
    expect(unsupportedNote('=EMAIL_SEARCH(TRIM(A2))')).toContain(
      'Google Sheets would work out TRIM(A2) first',
    );
  });

  it('has nothing to say about a formula the playground runs or Sheets itself refuses', () => {
    expect(unsupportedNote('=email_search(A2:A3; TRUE)')).toBeNull();
    expect(unsupportedNote('=NOPE(Emails)')).toBeNull();
    expect(unsupportedNote('=F("unclosed)')).toBeNull();
  });
});

describe("argumentAt (the formula help's bold parameter)", () => {
  it('counts the separators before the caret that parseFormula would split at', () => {
    expect(argumentAt('')).toBe(0);
    expect(argumentAt('A2:A10, "instagram", ')).toBe(2);
    // `;` separates: the `,` is a decimal mark.
    expect(argumentAt('A2:A10; 1,5; ')).toBe(2);
    // Nothing inside quotes, brackets or braces counts.
    expect(argumentAt('"a, b", F(1, 2), {1, 2; 3, 4}, ')).toBe(3);
  });

  it('has no argument once the call is closed', () => {
    expect(argumentAt('A2:A10)')).toBeNull();
    expect(argumentAt('A2:A10, ")"')).toBe(1);
  });
});
