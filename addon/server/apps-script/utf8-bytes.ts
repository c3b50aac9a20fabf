/**
 * UTF-8 bytes of a text, as Apps Script's stores count their limits (CacheService's 100 KB a
 * value, PropertiesService's 9 KB a value and 500 KB a store). Apps Script has neither Buffer nor
 * TextEncoder.
 */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one code point of four bytes.
      bytes += 4;
      i += 1;
    } else bytes += 3;
  }
  return bytes;
}
