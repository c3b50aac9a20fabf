import { formulaLayout, type LayoutFacts } from '../../../../addon/server/formulas/formula-layout';

/** =F(A2:A4) typed in C2, with_header left out, the inputs all data. */
const BESIDE: LayoutFacts = { asked: null, formulaRow: 2, inputRow: 2, firstCellIsLabel: false };

describe('formulaLayout', () => {
  it('puts no header when the formula stands beside its input, so A2 is answered in row 2', () => {
    expect(formulaLayout(BESIDE)).toEqual({ header: false, labelRow: false });
    // Below the first input too (the rows cannot line up, and a header would not make them).
    expect(formulaLayout({ ...BESIDE, formulaRow: 5 })).toEqual({ header: false, labelRow: false });
  });

  it('puts the header in the formula’s row when it stands above its input (in the header row)', () => {
    expect(formulaLayout({ ...BESIDE, formulaRow: 1 })).toEqual({ header: true, labelRow: false });
    expect(formulaLayout({ ...BESIDE, formulaRow: 1, inputRow: 5 })).toEqual({
      header: true,
      labelRow: false,
    });
  });

  it('answers a label in row 1 of the input with the header row, keeping the rows below aligned', () => {
    // =EMAIL_SEARCH(A:A) in B1 under "E-mail": the header in B1, A2's row in row 2.
    const label: LayoutFacts = { asked: null, formulaRow: 1, inputRow: 1, firstCellIsLabel: true };
    expect(formulaLayout(label)).toEqual({ header: true, labelRow: true });
    expect(formulaLayout({ ...label, asked: true })).toEqual({ header: true, labelRow: true });
    // A label somewhere below row 1 may be a name that is no address ("Jonas Schneider"): data.
    expect(formulaLayout({ ...label, formulaRow: 5, inputRow: 5 })).toEqual({
      header: false,
      labelRow: false,
    });
    // Row 1 holding data (an address, a handle) is answered as data.
    expect(formulaLayout({ ...label, firstCellIsLabel: false })).toEqual({ header: false, labelRow: false });
  });

  it('does as with_header says when it is given', () => {
    expect(formulaLayout({ ...BESIDE, asked: true })).toEqual({ header: true, labelRow: false });
    expect(formulaLayout({ ...BESIDE, formulaRow: 1, asked: false })).toEqual({
      header: false,
      labelRow: false,
    });
    // FALSE: every input cell is data, a label in row 1 too.
    expect(formulaLayout({ asked: false, formulaRow: 1, inputRow: 1, firstCellIsLabel: true })).toEqual({
      header: false,
      labelRow: false,
    });
  });

  it('puts no header when it cannot tell where the formula or its input stand', () => {
    expect(formulaLayout({ ...BESIDE, formulaRow: null })).toEqual({ header: false, labelRow: false });
    // A single value or an array literal: no range to stand above.
    expect(formulaLayout({ ...BESIDE, formulaRow: 1, inputRow: null })).toEqual({
      header: false,
      labelRow: false,
    });
  });
});
