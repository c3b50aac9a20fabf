import { overlapPathSchema, overlapRequestSchema } from '../../../shared/requests/overlap';
import { accepted, rejected } from './expect-parse';

describe('audience overlap request', () => {
  it('takes two or more distinct influencers', () => {
    expect(accepted(overlapRequestSchema, { influencers: ['a', 'b'] }).influencers).toEqual(['a', 'b']);
    expect(accepted(overlapRequestSchema, { influencers: ['a', 'b', 'c', 'd'] }).influencers).toHaveLength(4);
  });

  it('rejects fewer than two, blanks and repeats', () => {
    expect(rejected(overlapRequestSchema, { influencers: ['a'] })).toBe(
      'influencers must hold at least 2 items, got 1',
    );
    expect(rejected(overlapRequestSchema, { influencers: ['a', ''] })).toBe(
      'influencers[1] must not be empty',
    );
    expect(rejected(overlapRequestSchema, { influencers: ['a', 'b', 'a'] })).toBe(
      'influencers[2] repeats "a"; each value may appear once',
    );
  });

  it('exists for instagram and youtube only', () => {
    expect(accepted(overlapPathSchema, { platform: 'youtube' })).toEqual({ platform: 'youtube' });
    expect(rejected(overlapPathSchema, { platform: 'tiktok' })).toBe(
      'platform must be one of instagram, youtube, got "tiktok"',
    );
  });
});
