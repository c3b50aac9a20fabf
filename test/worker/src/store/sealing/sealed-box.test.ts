import { randomBytes } from 'node:crypto';
import { SealedBox, SealedDataError } from '../../../../../worker/src/store/sealing/sealed-box';

describe('sealed box', () => {
  const box = new SealedBox(randomBytes(32));

  it('opens what it sealed, and seals the same text differently each time', () => {
    const first = box.seal('["a@x.com"]', 'job 1 input');
    const second = box.seal('["a@x.com"]', 'job 1 input');
    expect(box.open(first, 'job 1 input')).toBe('["a@x.com"]');
    expect(first.equals(second)).toBe(false);
    expect(first.toString('latin1')).not.toContain('a@x.com');
  });

  it('refuses data moved to another context, altered, or sealed under another key', () => {
    const sealed = box.seal('row', 'job 1 row 0');
    const altered = Buffer.from(sealed);
    altered[altered.length - 1] ^= 1;

    expect(() => box.open(sealed, 'job 1 row 1')).toThrow(SealedDataError);
    expect(() => box.open(altered, 'job 1 row 0')).toThrow(
      "sealed data for job 1 row 0 cannot be opened: the data directory's secret changed or the data was altered",
    );
    expect(() => new SealedBox(randomBytes(32)).open(sealed, 'job 1 row 0')).toThrow(SealedDataError);
    expect(() => box.open(Buffer.from([9, 1, 2]), 'x')).toThrow('sealed data for x is not in a known format');
  });

  it('needs a 32-byte key', () => {
    expect(() => new SealedBox(randomBytes(16))).toThrow('a seal key must be 32 bytes, got 16');
  });
});
