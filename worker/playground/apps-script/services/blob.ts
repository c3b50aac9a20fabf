/**
 * A Blob, minimal: bytes, a content type and a name. Apps Script hands bytes to scripts as Java
 * bytes, -128..127, so getBytes does too.
 */
export class FakeBlob {
  private readonly bytes: Buffer;

  constructor(
    data: Uint8Array | string,
    private contentType: string | null = null,
    private name: string | null = null,
  ) {
    this.bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data);
  }

  getBytes(): number[] {
    return [...new Int8Array(this.bytes.buffer, this.bytes.byteOffset, this.bytes.byteLength)];
  }

  getDataAsString(charset = 'utf-8'): string {
    return this.bytes.toString(nodeEncoding(charset));
  }

  getContentType(): string | null {
    return this.contentType;
  }

  setContentType(contentType: string | null): FakeBlob {
    this.contentType = contentType;
    return this;
  }

  getName(): string | null {
    return this.name;
  }

  setName(name: string): FakeBlob {
    this.name = name;
    return this;
  }

  /** The bytes as Node sees them, for the other fakes. */
  get buffer(): Buffer {
    return this.bytes;
  }
}

/** Reads bytes as Apps Script does: a string is UTF-8, an array holds Java bytes (-128..127). */
export function toBuffer(data: unknown, what: string): Buffer {
  if (typeof data === 'string') return Buffer.from(data, 'utf8');
  if (data instanceof FakeBlob) return data.buffer;
  if (data instanceof Uint8Array) return Buffer.from(data);
  if (Array.isArray(data) && data.every((b) => Number.isInteger(b) && b >= -128 && b <= 255)) {
    return Buffer.from(data.map((b: number) => b & 0xff));
  }
  throw new Error(`Invalid argument: ${what}`);
}

export function nodeEncoding(charset: string): BufferEncoding {
  const name = charset.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (name === 'utf8') return 'utf8';
  if (name === 'usascii' || name === 'ascii') return 'ascii';
  if (name === 'iso88591' || name === 'latin1') return 'latin1';
  if (name === 'utf16le') return 'utf16le';
  throw new Error(`Unsupported charset: ${charset}`);
}
