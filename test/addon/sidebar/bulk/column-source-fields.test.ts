import {
  describeSource,
  readColumnSource,
  readResultTarget,
} from '../../../../addon/sidebar/bulk/column-source-fields';

const COLUMN = { kind: 'column' as const, sheetName: ' Leads ', column: 'c', firstRow: '2' };

describe('readColumnSource', () => {
  it('reads the selection as the selection, whatever the column fields hold', () => {
    expect(readColumnSource({ ...COLUMN, kind: 'selection', column: '??' })).toEqual({
      ok: true,
      value: { kind: 'selection' },
    });
  });

  it('reads a column of a tab, trimmed and in capitals', () => {
    expect(readColumnSource(COLUMN)).toEqual({
      ok: true,
      value: { kind: 'column', sheetName: 'Leads', column: 'C', firstRow: 2 },
    });
    expect(readColumnSource({ ...COLUMN, firstRow: '' })).toMatchObject({ value: { firstRow: 1 } });
  });

  it('says what to type when a field is wrong', () => {
    expect(readColumnSource({ ...COLUMN, sheetName: '  ' })).toEqual({
      ok: false,
      message: 'Type the name of the tab that holds the column, e.g. Sheet1.',
    });
    expect(readColumnSource({ ...COLUMN, column: '3' })).toEqual({
      ok: false,
      message: 'Column must be a column letter such as B or AC, got "3".',
    });
    expect(readColumnSource({ ...COLUMN, column: 'ABCD' }).ok).toBe(false);
    expect(readColumnSource({ ...COLUMN, firstRow: '0' })).toEqual({
      ok: false,
      message: 'First row must be a whole number of 1 or more, got "0".',
    });
  });
});

describe('readResultTarget', () => {
  it('reads beside, or a new tab with the name when one is given', () => {
    expect(readResultTarget({ kind: 'beside', tabName: 'ignored' })).toEqual({ kind: 'beside' });
    expect(readResultTarget({ kind: 'newTab', tabName: ' ' })).toEqual({ kind: 'newTab' });
    expect(readResultTarget({ kind: 'newTab', tabName: ' Enriched ' })).toEqual({
      kind: 'newTab',
      name: 'Enriched',
    });
  });

  it('adds the "Write into" choice when it is not a new tab each run', () => {
    expect(readResultTarget({ kind: 'newTab', tabName: ' Enriched ', mode: 'append' })).toEqual({
      kind: 'newTab',
      name: 'Enriched',
      mode: 'append',
    });
    expect(readResultTarget({ kind: 'newTab', tabName: '', mode: 'replace' })).toEqual({
      kind: 'newTab',
      mode: 'replace',
    });
    expect(readResultTarget({ kind: 'newTab', tabName: 'X', mode: 'new' })).toEqual({
      kind: 'newTab',
      name: 'X',
    });
    expect(readResultTarget({ kind: 'beside', tabName: 'X', mode: 'replace' })).toEqual({ kind: 'beside' });
  });
});

describe('describeSource', () => {
  it('names the input in words', () => {
    expect(describeSource({ kind: 'selection' })).toBe('the selected cells');
    expect(describeSource({ kind: 'column', sheetName: 'Leads', column: 'C', firstRow: 2 })).toBe(
      'Leads, column C from row 2',
    );
  });
});
