import request from 'supertest';
import { AI_IMAGE_MAX_BASE64_CHARS } from '../../../../../shared/limits';
import {
  aiSearchResponseSchema,
  type AiProfile as TolerantAiProfile,
} from '../../../../../shared/responses/ai-search';
import { cosineSimilarity, visualCentroid, visualQueryFeatures } from '../../../../../worker/sandbox/data';
import {
  INTEREST_SIMILARITY_MIN,
  POST_SIMILARITY_MIN,
} from '../../../../../worker/sandbox/operations/ai/image-search';
import { auth, buildAiSandbox, creditsOf, pngBase64 } from './ai-fixture';
import { readComplete, type Complete } from '../../../../support/complete-answer';

/** Profiles of the sandbox's default answers carry every field (readComplete checks it). */
type AiProfile = Complete<TolerantAiProfile>;

const { app, state } = buildAiSandbox();
const world = state.world;

function search(platform: string, body: object) {
  return request(app).post(`/v1/ai/${platform}/image-search`).set(auth()).send(body);
}

function featuresOf(base64: string): number[] {
  return visualQueryFeatures(Buffer.from(base64, 'base64'), world.dictionaries.interests.length);
}

/** An image of exactly `chars` base64 characters (a multiple of 4) with a valid header. */
function imageOfLength(chars: number, header: number[]): string {
  const bytes = Buffer.alloc((chars / 4) * 3, 0x41);
  Buffer.from(header).copy(bytes);
  return bytes.toString('base64');
}

const JPEG = [0xff, 0xd8, 0xff, 0xe0];
const WEBP = [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')];

describe('AI image search input', () => {
  it('accepts exactly 5 MB of base64 and refuses one character group more', async () => {
    const atLimit = imageOfLength(AI_IMAGE_MAX_BASE64_CHARS, JPEG);
    expect(atLimit).toHaveLength(AI_IMAGE_MAX_BASE64_CHARS);
    const ok = await search('instagram', { imageType: 'image/jpeg', base64Image: atLimit, pageSize: 1 });
    expect(ok.status).toBe(200);
    const past = await search('instagram', {
      imageType: 'image/jpeg',
      base64Image: imageOfLength(AI_IMAGE_MAX_BASE64_CHARS + 4, JPEG),
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toContain(
      'must be at most 5 MB of base64 (5242880 characters), got 5242884 characters',
    );
  });

  it('takes the three image types and refuses any other', async () => {
    for (const [imageType, base64Image] of [
      ['image/jpeg', imageOfLength(400, JPEG)],
      ['image/png', pngBase64(3)],
      ['image/webp', imageOfLength(400, WEBP)],
    ]) {
      const response = await search('tiktok', { imageType, base64Image, pageSize: 1 });
      expect(response.status).toBe(200);
    }
    const gif = await search('tiktok', { imageType: 'image/gif', base64Image: pngBase64(3) });
    expect(gif.status).toBe(400);
    expect(gif.body.message).toContain('imageType must be one of image/jpeg, image/png, image/webp');
  });

  it('refuses a data: URL, text that is not base64, and bytes that are not an image', async () => {
    const dataUrl = await search('youtube', {
      imageType: 'image/png',
      base64Image: `data:image/png;base64,${pngBase64(1)}`,
    });
    expect(dataUrl.status).toBe(400);
    expect(dataUrl.body.message).toContain('without a "data:...;base64," prefix');
    const notBase64 = await search('youtube', { imageType: 'image/png', base64Image: 'not base64!' });
    expect(notBase64.status).toBe(400);
    const text = await search('youtube', {
      imageType: 'image/png',
      base64Image: Buffer.from('hello, not an image').toString('base64'),
    });
    expect(text.status).toBe(400);
    expect(text.body.message).toContain('base64Image does not hold a JPEG, PNG or WebP image');
  });

  it('costs nothing when refused and 0.025 per profile otherwise', async () => {
    const before = await creditsOf(app);
    await search('instagram', { imageType: 'image/gif', base64Image: pngBase64(1) });
    expect(await creditsOf(app)).toBe(before);
    const response = await search('instagram', {
      imageType: 'image/png',
      base64Image: pngBase64(11),
      pageSize: 4,
    });
    expect(response.body.profiles).toHaveLength(4);
    expect(await creditsOf(app)).toBeCloseTo(before - 0.1, 6);
  });
});

describe('AI image search ranking', () => {
  it('finds creators whose posts look like the image, most similar posts first', async () => {
    for (const platform of ['instagram', 'tiktok', 'youtube'] as const) {
      const pc = world.platform(platform);
      const image = pngBase64(21);
      const features = featuresOf(image);
      const response = await search(platform, { imageType: 'image/png', base64Image: image, pageSize: 20 });
      const { profiles } = readComplete(aiSearchResponseSchema, response.body);
      expect(profiles.length).toBeGreaterThan(5);

      // The top creator's main topic is the one whose look is closest to the image.
      const closest = [...world.dictionaries.interests].sort(
        (a, b) =>
          cosineSimilarity(features, visualCentroid(b.id)) - cosineSimilarity(features, visualCentroid(a.id)),
      )[0].id;
      const top = pc.creator(pc.indexOfUserId(profiles[0].userId ?? ''));
      expect(top.interestIds[0]).toBe(closest);

      for (const profile of profiles) {
        const creator = pc.creator(pc.indexOfUserId(profile.userId ?? ''));
        expect(
          creator.interestIds.some(
            (id) => cosineSimilarity(features, visualCentroid(id)) >= INTEREST_SIMILARITY_MIN,
          ),
        ).toBe(true);
        const scores = profile.matchedPosts.map((matched) => {
          const post = pc.findPost(matched.id);
          if (post === null) throw new Error(`unknown post ${matched.id}`);
          expect(post.creatorIndex).toBe(creator.index);
          // YouTube matches against video and short thumbnails.
          if (platform === 'youtube') expect(['video', 'short']).toContain(post.type);
          return cosineSimilarity(features, post.visual);
        });
        expect(scores.length).toBeGreaterThan(0);
        expect(Math.min(...scores)).toBeGreaterThanOrEqual(POST_SIMILARITY_MIN);
        expect(scores).toEqual([...scores].sort((a, b) => b - a));
      }
    }
  });

  it('gives the same image the same answer, and another image another answer', async () => {
    const names = (profiles: AiProfile[]) => profiles.map((profile) => profile.username);
    const body = (seed: number) => ({ imageType: 'image/png', base64Image: pngBase64(seed), pageSize: 10 });
    const first = await search('tiktok', body(5));
    const again = await search('tiktok', body(5));
    expect(again.body).toEqual(first.body);
    const seeds = [6, 7, 8, 9];
    const others = await Promise.all(seeds.map((seed) => search('tiktok', body(seed))));
    expect(others.some((other) => names(other.body.profiles)[0] !== names(first.body.profiles)[0])).toBe(
      true,
    );
  });

  it('applies filters to image search too', async () => {
    const pc = world.platform('instagram');
    const response = await search('instagram', {
      imageType: 'image/png',
      base64Image: pngBase64(21),
      pageSize: 50,
      filters: { contentType: 'video' },
    });
    for (const profile of readComplete(aiSearchResponseSchema, response.body).profiles) {
      for (const matched of profile.matchedPosts) expect(pc.findPost(matched.id)?.type).toBe('reel');
    }
  });
});
