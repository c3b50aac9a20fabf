import { parseClipboardText, toClipboardText } from '../../../../worker/playground/page/clipboard-text';

/** Clipboard text as rows of cells, as Sheets reads and writes it. */

describe('parseClipboardText', () => {
  it('makes lines rows and tabs cells, with no empty row for the final newline', () => {
    expect(parseClipboardText('a@x.test\nb@x.test\n')).toEqual([['a@x.test'], ['b@x.test']]);
    expect(parseClipboardText('a\tb\r\nc\td')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(parseClipboardText('')).toEqual([]);
  });

  it('keeps tabs, newlines and quotes inside a quoted cell', () => {
    expect(parseClipboardText('"two\nlines"\t"say ""hi"""\nplain')).toEqual([
      ['two\nlines', 'say "hi"'],
      ['plain'],
    ]);
    expect(parseClipboardText('5" screen')).toEqual([['5" screen']]);
  });

  it('reads back what toClipboardText wrote', () => {
    const rows = [
      ['a\tb', 'c'],
      ['"q"', 'line\nbreak'],
    ];
    expect(parseClipboardText(toClipboardText(rows))).toEqual(rows);
  });
});
