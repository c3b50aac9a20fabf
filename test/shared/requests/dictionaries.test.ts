import {
  aiBrandsQuerySchema,
  aiHashtagsQuerySchema,
  aiMentionsQuerySchema,
  dictionaryPathSchema,
  dictionaryQuerySchema,
} from '../../../shared/requests/dictionaries';
import { accepted, rejected } from './expect-parse';

describe('dictionary query', () => {
  it('defaults limit to 20 and turns query-string numbers into numbers', () => {
    expect(accepted(dictionaryQuerySchema, {})).toEqual({ limit: 20 });
    expect(accepted(dictionaryQuerySchema, { limit: '', query: '' })).toEqual({ limit: 20 });
    expect(accepted(dictionaryQuerySchema, { limit: '50', query: 'ber' })).toEqual({
      limit: 50,
      query: 'ber',
    });
    expect(accepted(dictionaryQuerySchema, { limit: 7 })).toEqual({ limit: 7 });
  });

  it('accepts 1,000,000 (everything) and nothing above it', () => {
    expect(accepted(dictionaryQuerySchema, { limit: '1000000' }).limit).toBe(1_000_000);
    expect(rejected(dictionaryQuerySchema, { limit: '1000001' })).toBe(
      'limit must be at most 1000000, got 1000001',
    );
  });

  it('rejects a limit that is not a positive whole number', () => {
    expect(rejected(dictionaryQuerySchema, { limit: 'abc' })).toBe('limit must be a number, got "abc"');
    expect(rejected(dictionaryQuerySchema, { limit: '2.5' })).toBe('limit must be a whole number, got 2.5');
    expect(rejected(dictionaryQuerySchema, { limit: '0' })).toBe('limit must be at least 1, got 0');
  });

  it('keeps unknown query values', () => {
    expect(accepted(dictionaryQuerySchema, { other: 'x' })).toEqual({ limit: 20, other: 'x' });
  });

  it('takes a platform in the path', () => {
    expect(rejected(dictionaryPathSchema, { platform: 'x' })).toBe(
      'platform must be one of instagram, tiktok, youtube, got "x"',
    );
  });
});

describe('AI dictionary queries', () => {
  it('brands take an optional query and limit', () => {
    expect(accepted(aiBrandsQuerySchema, {})).toEqual({});
    expect(accepted(aiBrandsQuerySchema, { query: 'nik', limit: '5' })).toEqual({ query: 'nik', limit: 5 });
  });

  it('hashtags need a platform and take a prefix without its #', () => {
    expect(accepted(aiHashtagsQuerySchema, { platform: 'youtube', prefix: '#fit' })).toEqual({
      platform: 'youtube',
      prefix: 'fit',
    });
    expect(rejected(aiHashtagsQuerySchema, { prefix: 'fit' })).toBe(
      'platform is required and must be one of instagram, tiktok, youtube',
    );
  });

  it('mentions exist for instagram and tiktok but not youtube', () => {
    expect(accepted(aiMentionsQuerySchema, { platform: 'tiktok', prefix: '@nik' })).toEqual({
      platform: 'tiktok',
      prefix: 'nik',
    });
    expect(rejected(aiMentionsQuerySchema, { platform: 'youtube' })).toBe(
      'platform must be one of instagram, tiktok, got "youtube"',
    );
  });
});
