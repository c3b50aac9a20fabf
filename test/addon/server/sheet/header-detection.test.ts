import { isHeaderAt, looksLikeHeader } from '../../../../addon/server/sheet/header-detection';

describe('looksLikeHeader', () => {
  it('takes header words and text that is not the column kind as a header', () => {
    expect(looksLikeHeader(['Email', 'a@x.com'], 'emails')).toBe(true);
    expect(looksLikeHeader(['Contact address', 'a@x.com'], 'emails')).toBe(true);
    expect(looksLikeHeader(['Handle', 'nasa'], 'handles')).toBe(true);
    expect(looksLikeHeader(['Instagram profile', 'nasa'], 'handles')).toBe(true);
    expect(looksLikeHeader(['E-mail', 'a@x.com'], 'any')).toBe(true);
  });

  it('takes data as data', () => {
    expect(looksLikeHeader(['a@x.com', 'b@x.com'], 'emails')).toBe(false);
    expect(looksLikeHeader(['nasa', 'esa'], 'handles')).toBe(false);
    expect(looksLikeHeader(['https://www.tiktok.com/@nasa', 'esa'], 'any')).toBe(false);
    expect(looksLikeHeader([12345, 'esa'], 'handles')).toBe(false);
    expect(looksLikeHeader(['', 'a@x.com'], 'emails')).toBe(false);
    // A lone value heads nothing.
    expect(looksLikeHeader(['Email'], 'emails')).toBe(false);
  });
});

describe('isHeaderAt', () => {
  const names = ['Jonas Schneider', 'Ana Lima', 'Kai Berg', 'Mia Roth', 'Ola Nord'];

  it('takes a name starting a selection below row 1 as data (C5:C9, issue 15)', () => {
    expect(looksLikeHeader(names, 'any')).toBe(true);
    expect(isHeaderAt(names, 'any', 5)).toBe(false);
    expect(isHeaderAt(['Jonas Schneider', 'a@x.com'], 'emails', 5)).toBe(false);
  });

  it('keeps the usual rule in row 1', () => {
    expect(isHeaderAt(names, 'any', 1)).toBe(true);
    expect(isHeaderAt(['Email', 'a@x.com'], 'emails', 1)).toBe(true);
    expect(isHeaderAt(['a@x.com', 'b@x.com'], 'emails', 1)).toBe(false);
  });

  it('takes a clear column title lower down as a header', () => {
    expect(isHeaderAt(['E-mail', 'a@x.com', 'b@x.com'], 'emails', 5)).toBe(true);
    expect(isHeaderAt(['Contact e-mail', 'a@x.com'], 'emails', 12)).toBe(true);
    expect(isHeaderAt(['Instagram handle', 'nasa'], 'handles', 3)).toBe(true);
    expect(isHeaderAt(['Creator name', 'Ana Lima'], 'any', 3)).toBe(true);
  });

  it('takes title words over more title words as data (a column of platforms)', () => {
    expect(isHeaderAt(['instagram', 'instagram', 'instagram'], 'any', 5)).toBe(false);
    expect(isHeaderAt(['Instagram', 'tiktok', 'youtube'], 'any', 5)).toBe(false);
    expect(isHeaderAt(['Instagram', 'nasa', 'esa'], 'any', 5)).toBe(true);
  });

  it('never takes data the column is meant to hold as a header, in any row', () => {
    expect(isHeaderAt(['a@x.com', 'b@x.com'], 'emails', 5)).toBe(false);
    expect(isHeaderAt(['E-mail'], 'emails', 5)).toBe(false);
  });
});
