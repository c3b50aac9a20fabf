import { parseHandle, parsePlatform, profileUrl } from '../../shared/handles';
import type { Platform } from '../../shared/platforms';

type Expected = { platform: Platform; handle: string; kind: 'username' | 'id' };

describe('parseHandle reads what people paste', () => {
  const UC = 'UCBR8-60-B28hp2BmDPdntcQ';

  it.each<[string, Platform | undefined, Expected]>([
    ['ada.runs', 'instagram', { platform: 'instagram', handle: 'ada.runs', kind: 'username' }],
    ['@ada.runs', 'instagram', { platform: 'instagram', handle: 'ada.runs', kind: 'username' }],
    ['  @Ada.Runs  ', 'instagram', { platform: 'instagram', handle: 'ada.runs', kind: 'username' }],
    ['instagram.com/ada.runs', undefined, { platform: 'instagram', handle: 'ada.runs', kind: 'username' }],
    [
      'https://www.instagram.com/ada.runs/?hl=en',
      undefined,
      { platform: 'instagram', handle: 'ada.runs', kind: 'username' },
    ],
    [
      'http://instagram.com/Ada.Runs//',
      undefined,
      { platform: 'instagram', handle: 'ada.runs', kind: 'username' },
    ],
    [
      'https://m.instagram.com/ada_runs#top',
      undefined,
      { platform: 'instagram', handle: 'ada_runs', kind: 'username' },
    ],
    ['WWW.INSTAGRAM.COM/ADA', undefined, { platform: 'instagram', handle: 'ada', kind: 'username' }],
    [
      'https://www.instagram.com/ada.runs/reels/',
      'instagram',
      { platform: 'instagram', handle: 'ada.runs', kind: 'username' },
    ],
    [
      'https://www.instagram.com/stories/ada.runs/3300000000000000001/',
      undefined,
      { platform: 'instagram', handle: 'ada.runs', kind: 'username' },
    ],
    ['instagr.am/ada', undefined, { platform: 'instagram', handle: 'ada', kind: 'username' }],
    ['173560420', 'instagram', { platform: 'instagram', handle: '173560420', kind: 'id' }],
    ['@173560420', 'instagram', { platform: 'instagram', handle: '173560420', kind: 'username' }],
    ['cy.dances', 'tiktok', { platform: 'tiktok', handle: 'cy.dances', kind: 'username' }],
    ['tiktok.com/@cy.dances', undefined, { platform: 'tiktok', handle: 'cy.dances', kind: 'username' }],
    [
      'https://www.tiktok.com/@Cy.Dances?lang=en',
      'tiktok',
      { platform: 'tiktok', handle: 'cy.dances', kind: 'username' },
    ],
    [
      'https://m.tiktok.com/@cy.dances/',
      undefined,
      { platform: 'tiktok', handle: 'cy.dances', kind: 'username' },
    ],
    [
      'https://www.tiktok.com/@cy.dances/video/7350000000000000001',
      undefined,
      { platform: 'tiktok', handle: 'cy.dances', kind: 'username' },
    ],
    [
      'https://www.tiktok.com/%40cy.dances',
      undefined,
      { platform: 'tiktok', handle: 'cy.dances', kind: 'username' },
    ],
    ['6784563210123456789', 'tiktok', { platform: 'tiktok', handle: '6784563210123456789', kind: 'id' }],
    ['youtube.com/@GadgetLab', undefined, { platform: 'youtube', handle: 'gadgetlab', kind: 'username' }],
    [
      'https://www.youtube.com/@gadgetlab/videos',
      undefined,
      { platform: 'youtube', handle: 'gadgetlab', kind: 'username' },
    ],
    [`https://www.youtube.com/channel/${UC}`, undefined, { platform: 'youtube', handle: UC, kind: 'id' }],
    [
      `m.youtube.com/channel/${UC}/featured?view=0`,
      'youtube',
      { platform: 'youtube', handle: UC, kind: 'id' },
    ],
    [
      'https://www.youtube.com/c/GadgetLab',
      undefined,
      { platform: 'youtube', handle: 'gadgetlab', kind: 'username' },
    ],
    [
      'https://www.youtube.com/user/GadgetLabTV/',
      undefined,
      { platform: 'youtube', handle: 'gadgetlabtv', kind: 'username' },
    ],
    ['youtube.com/gadgetlab', undefined, { platform: 'youtube', handle: 'gadgetlab', kind: 'username' }],
    [UC, undefined, { platform: 'youtube', handle: UC, kind: 'id' }],
    [UC, 'youtube', { platform: 'youtube', handle: UC, kind: 'id' }],
    ['@gadget-lab', 'youtube', { platform: 'youtube', handle: 'gadget-lab', kind: 'username' }],
    ['@café.tech', 'youtube', { platform: 'youtube', handle: 'café.tech', kind: 'username' }],
    ['12345', 'youtube', { platform: 'youtube', handle: '12345', kind: 'username' }],
    ['\u200Bada.runs\u00A0', 'instagram', { platform: 'instagram', handle: 'ada.runs', kind: 'username' }],
  ])('%j with hint %s', (input, hint, expected) => {
    expect(parseHandle(input, hint)).toEqual({
      ok: true,
      input: input.replace(/[\u200B\u00A0]/g, '').trim(),
      ...expected,
    });
  });

  it('keeps a channel id exactly as given: ids are case-sensitive', () => {
    const result = parseHandle(`https://youtube.com/channel/${UC}`);
    expect(result.ok && result.handle).toBe(UC);
  });

  it('reads a UC-shaped text as an Instagram username when the hint says Instagram', () => {
    expect(parseHandle('UCabcdefghijklmnopqrstuv', 'instagram')).toMatchObject({
      ok: true,
      platform: 'instagram',
      handle: 'ucabcdefghijklmnopqrstuv',
      kind: 'username',
    });
  });

  it('reads a number cell as an id', () => {
    expect(parseHandle(173560420, 'instagram')).toEqual({
      ok: true,
      platform: 'instagram',
      handle: '173560420',
      kind: 'id',
      input: '173560420',
    });
  });

  it('refuses a number that has lost digits, and says how to keep them', () => {
    // What a sheet holds after a 19-digit id was typed into a number cell.
    const result = parseHandle(Number('6784563210123456789'), 'tiktok');
    expect(result.ok).toBe(false);
    expect(!result.ok && !result.blank && result.error).toMatch(/format the column as plain text/);
  });

  it.each([[''], ['   '], [null], [undefined], ['\u200B']])('marks %j as blank, not as an error', (input) => {
    expect(parseHandle(input, 'instagram')).toMatchObject({ ok: false, blank: true });
  });

  it.each<[unknown, Platform | undefined, string]>([
    ['instagram.com/', undefined, '"instagram.com/" is not a profile URL'],
    ['https://www.instagram.com', undefined, '"https://www.instagram.com" is not a profile URL'],
    [
      'https://www.instagram.com/p/C1abc/',
      undefined,
      '"https://www.instagram.com/p/C1abc/" is a post URL, not a profile URL',
    ],
    [
      'https://www.instagram.com/explore/tags/run/',
      undefined,
      '"https://www.instagram.com/explore/tags/run/" is not a profile URL',
    ],
    [
      'tiktok.com/@cy.dances',
      'instagram',
      '"tiktok.com/@cy.dances" is a tiktok URL, but the platform is instagram',
    ],
    [
      'https://www.youtube.com/@gadgetlab',
      'tiktok',
      '"https://www.youtube.com/@gadgetlab" is a youtube URL, but the platform is tiktok',
    ],
    ['ada.runs', undefined, 'Say which platform: instagram, tiktok or youtube'],
    ['173560420', undefined, 'Say which platform: instagram, tiktok or youtube'],
    [
      'tiktok.com/cy.dances',
      undefined,
      '"tiktok.com/cy.dances" is not a profile URL (TikTok profiles read tiktok.com/@name)',
    ],
    [
      'https://vm.tiktok.com/ZMabc123/',
      undefined,
      '"https://vm.tiktok.com/ZMabc123/" is a short link: open it and paste the profile URL instead',
    ],
    [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      undefined,
      '"https://www.youtube.com/watch?v=dQw4w9WgXcQ" is a video link, not a channel URL',
    ],
    [
      'https://youtu.be/dQw4w9WgXcQ',
      'youtube',
      '"https://youtu.be/dQw4w9WgXcQ" is a video link, not a channel URL',
    ],
    [
      'youtube.com/channel/12345',
      undefined,
      '"youtube.com/channel/12345" does not hold a channel id (UC followed by 22 characters)',
    ],
    ['youtube.com/playlist?list=PL1', undefined, '"youtube.com/playlist?list=PL1" is not a channel URL'],
    [
      'https://twitter.com/ada',
      'instagram',
      '"https://twitter.com/ada" is not an Instagram, TikTok or YouTube URL',
    ],
    ['ada runs', 'instagram', '"ada runs" is not a valid instagram handle: it contains a space'],
    ['ada!runs', 'tiktok', '"ada!runs" is not a valid tiktok handle: "!" is not allowed'],
    ['@', 'instagram', '"@" is not a handle'],
    [
      'a'.repeat(31),
      'instagram',
      `"${'a'.repeat(31)}" is not a valid instagram handle: longer than 30 characters`,
    ],
    [
      'https://www.instagram.com/%E0%A4%A',
      undefined,
      '"https://www.instagram.com/%E0%A4%A" is not a profile URL',
    ],
  ])('%j with hint %s fails with a sentence', (input, hint, error) => {
    expect(parseHandle(input, hint)).toEqual({ ok: false, blank: false, error, input: String(input) });
  });

  it('uses the default platform only when the input does not name one', () => {
    expect(parseHandle('ada.runs', undefined, { defaultPlatform: 'instagram' })).toMatchObject({
      ok: true,
      platform: 'instagram',
    });
    expect(parseHandle('tiktok.com/@cy.dances', undefined, { defaultPlatform: 'instagram' })).toMatchObject({
      ok: true,
      platform: 'tiktok',
    });
  });

  it('shortens a very long input in its error', () => {
    const result = parseHandle(`https://twitter.com/${'x'.repeat(200)}`, 'instagram');
    expect(!result.ok && !result.blank && result.error.length).toBeLessThan(140);
  });
});

describe('parsePlatform', () => {
  it.each([
    ['Instagram', 'instagram'],
    [' ig ', 'instagram'],
    ['TikTok', 'tiktok'],
    ['tt', 'tiktok'],
    ['YouTube', 'youtube'],
    ['yt', 'youtube'],
    ['twitter', null],
    [3, null],
  ])('%j -> %s', (input, expected) => {
    expect(parsePlatform(input)).toBe(expected);
  });
});

describe('profileUrl', () => {
  it.each<[Platform, string, 'username' | 'id', string | null]>([
    ['instagram', 'ada.runs', 'username', 'https://www.instagram.com/ada.runs/'],
    ['tiktok', 'cy.dances', 'username', 'https://www.tiktok.com/@cy.dances'],
    ['youtube', 'gadgetlab', 'username', 'https://www.youtube.com/@gadgetlab'],
    ['youtube', 'UCBR8-60-B28hp2BmDPdntcQ', 'id', 'https://www.youtube.com/channel/UCBR8-60-B28hp2BmDPdntcQ'],
    ['instagram', '173560420', 'id', null],
  ])('%s %s (%s) -> %s', (platform, handle, kind, url) => {
    expect(profileUrl(platform, handle, kind)).toBe(url);
  });

  it('round-trips through parseHandle', () => {
    const url = profileUrl('tiktok', 'cy.dances');
    expect(url && parseHandle(url)).toMatchObject({ ok: true, platform: 'tiktok', handle: 'cy.dances' });
  });
});
