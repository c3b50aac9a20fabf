import { createHash } from 'node:crypto';
import { createAppsScriptFakes } from '../../../../../worker/playground/apps-script/create-fakes';

describe('FakeUtilities', () => {
  it('digests as Java bytes, -128 to 127', () => {
    const { utilities } = createAppsScriptFakes();
    const digest = utilities.computeDigest(utilities.DigestAlgorithm.SHA_256, 'abc', utilities.Charset.UTF_8);
    expect(digest).toHaveLength(32);
    expect(Math.min(...digest)).toBeGreaterThanOrEqual(-128);
    expect(Buffer.from(digest.map((b) => b & 0xff)).toString('hex')).toBe(
      createHash('sha256').update('abc').digest('hex'),
    );
    expect(utilities.computeDigest(utilities.DigestAlgorithm.MD5, 'abc')).toHaveLength(16);
  });

  it('encodes and decodes base64, web-safe too', () => {
    const { utilities } = createAppsScriptFakes();
    expect(utilities.base64Encode('hé?>')).toBe(Buffer.from('hé?>').toString('base64'));
    expect(utilities.base64EncodeWebSafe([-1, -2, -3])).toBe('__79');
    expect(utilities.base64DecodeWebSafe('__79')).toEqual([-1, -2, -3]);
    expect(utilities.newBlob(utilities.base64Decode('aMOp')).getDataAsString()).toBe('hé');
    expect(() => utilities.base64Decode('***')).toThrow('Could not decode string.');
  });

  it('sleeps on the fake clock', () => {
    const { utilities, clock } = createAppsScriptFakes({ now: 0 });
    utilities.sleep(2500);
    expect(clock.now()).toBe(2500);
    expect(() => utilities.sleep(300_001)).toThrow('at most 300000');
  });

  it('formats dates as Java does, in a time zone', () => {
    const { utilities } = createAppsScriptFakes();
    const date = new Date(Date.UTC(2024, 6, 4, 21, 5, 9, 7));
    expect(utilities.formatDate(date, 'UTC', "yyyy-MM-dd'T'HH:mm:ss.SSS")).toBe('2024-07-04T21:05:09.007');
    expect(utilities.formatDate(date, 'Europe/Paris', 'dd/MM/yy hh a')).toBe('04/07/24 11 PM');
  });

  it('makes unique ids', () => {
    const { utilities } = createAppsScriptFakes();
    expect(utilities.getUuid()).not.toBe(utilities.getUuid());
  });
});
