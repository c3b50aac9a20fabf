import { looksLikeHeader } from '../../../addon/server/header-detection';

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
