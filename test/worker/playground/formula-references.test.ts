import { formulaReferences, overlaps } from '../../../worker/playground/formula-references';

/** Which cells a formula reads, so an edit reruns the formulas that depend on it. */

const sizes: Record<string, { rows: number; columns: number }> = {
  Leads: { rows: 1000, columns: 26 },
  'My tab': { rows: 50, columns: 5 },
};
const sheetOf = (typed: string) => {
  const name = Object.keys(sizes).find((title) => title.toLowerCase() === typed.toLowerCase());
  return name === undefined ? null : { name, ...sizes[name] };
};
const refs = (formula: string) =>
  formulaReferences(formula, 'Leads', sheetOf).map(
    ({ sheet, top, left, bottom, right }) => `${sheet}:${top},${left}-${bottom},${right}`,
  );

describe('formulaReferences', () => {
  it('finds cells, ranges, open columns and rows, on this sheet or another', () => {
    expect(refs('=EMAIL_SEARCH(A2:A10)')).toEqual(['Leads:2,1-10,1']);
    expect(refs('=INFLUENCER_REPORT(B3, "instagram")')).toEqual(['Leads:3,2-3,2']);
    expect(refs('=EMAIL_SEARCH(A:A)')).toEqual(['Leads:1,1-1000,1']);
    expect(refs('=EMAIL_SEARCH(A2:A)')).toEqual(['Leads:2,1-1000,1']);
    expect(refs('=X(2:4)')).toEqual(['Leads:2,1-4,26']);
    expect(refs("=AUDIENCE_OVERLAP('My tab'!$A$2:$A$6, Leads!C1)")).toEqual([
      'My tab:2,1-6,1',
      'Leads:1,3-1,3',
    ]);
  });

  it('reads formulas as Sheets users type them: any case, ; between arguments, array literals', () => {
    expect(refs("=email_search(leads!a2:a3; true; 'my TAB'!b1)")).toEqual([
      'Leads:2,1-3,1',
      'My tab:1,2-1,2',
    ]);
    expect(refs('=email_search(a2:a3; TRUE)')).toEqual(['Leads:2,1-3,1']);
    expect(refs('=EMAIL_SEARCH(Leads!A2:A3;FALSE)')).toEqual(['Leads:2,1-3,1']);
    expect(refs('=AUDIENCE_OVERLAP({"@a"; "@b"}; B1)')).toEqual(['Leads:1,2-1,2']);
    expect(refs('=F(1,5; C2)')).toEqual(['Leads:2,3-2,3']);
  });

  it('ignores function names, quoted text, numbers, TRUE and sheets that do not exist', () => {
    expect(refs('=INFLUENCER_REPORT("A1", "followers, B2", TRUE, 12)')).toEqual([]);
    expect(refs('=EMAIL_SEARCH2(Nowhere!A1)')).toEqual([]);
    expect(refs('=ABS(1)')).toEqual([]);
  });
});

describe('overlaps', () => {
  const area = (sheet: string, top: number, left: number, bottom: number, right: number) => ({
    sheet,
    top,
    left,
    bottom,
    right,
  });
  it('holds for rectangles that share a cell on the same sheet only', () => {
    expect(overlaps(area('Leads', 1, 1, 10, 1), area('Leads', 10, 1, 10, 1))).toBe(true);
    expect(overlaps(area('Leads', 1, 1, 10, 1), area('Leads', 11, 1, 12, 1))).toBe(false);
    expect(overlaps(area('Leads', 1, 1, 10, 1), area('Leads', 5, 2, 5, 2))).toBe(false);
    expect(overlaps(area('Leads', 1, 1, 10, 1), area('Notes', 5, 1, 5, 1))).toBe(false);
  });
});
