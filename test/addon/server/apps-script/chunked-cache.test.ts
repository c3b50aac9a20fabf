import {
  CACHE_MAX_TTL_SECONDS,
  CHUNK_MAX_BYTES,
  getChunked,
  MAX_CHUNKS,
  putChunked,
  splitByBytes,
  tagOf,
} from '../../../../addon/server/apps-script/chunked-cache';
import { utf8Bytes } from '../../../../addon/server/apps-script/utf8-bytes';
import {
  CACHE_VALUE_MAX_BYTES,
  FakeCache,
} from '../../../../worker/playground/apps-script/services/cache-service';
import { FakeClock } from '../../../../worker/playground/apps-script/runtime/fake-clock';
import { FakeRuntime } from '../../../../worker/playground/apps-script/runtime/runtime';

function newCache(): { cache: FakeCache; clock: FakeClock } {
  const clock = new FakeClock(Date.UTC(2025, 0, 1));
  return { cache: new FakeCache('document', new FakeRuntime(clock)), clock };
}

/** A JSON-ish text of about `bytes` bytes with multi-byte characters and emoji in it. */
function bigText(bytes: number): string {
  const unit = '["@créateur","ünïcödé 😀",12345,0.0346,null],';
  return unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit, 'utf8')));
}

describe('utf8Bytes and splitByBytes', () => {
  it('count bytes as UTF-8 does', () => {
    for (const text of ['abc', 'é', '€', '😀', 'a😀é€']) {
      expect(utf8Bytes(text)).toBe(Buffer.byteLength(text, 'utf8'));
    }
  });

  it('split into pieces under the byte limit that join back to the text, never inside an emoji', () => {
    const text = bigText(50_000);
    const pieces = splitByBytes(text, 1000);
    expect(pieces.join('')).toBe(text);
    for (const piece of pieces) {
      expect(Buffer.byteLength(piece, 'utf8')).toBeLessThanOrEqual(1000);
      // A lone surrogate would be encoded as U+FFFD: the byte count would differ.
      expect(Buffer.from(piece, 'utf8').toString('utf8')).toBe(piece);
    }
  });
});

describe('putChunked / getChunked', () => {
  it('stores a small value under its key alone', () => {
    const { cache } = newCache();
    expect(putChunked(cache, 'k', '{"rows":[[1]]}', 3600)).toBe(true);
    expect(cache.keys()).toEqual(['k']);
    expect(getChunked(cache, 'k')).toBe('{"rows":[[1]]}');
  });

  it('splits a value above 100 KB into entries under the limit and reads it back whole', () => {
    const { cache } = newCache();
    const value = bigText(450_000);
    expect(putChunked(cache, 'k', value, 3600)).toBe(true);
    const keys = cache.keys();
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) {
      expect(Buffer.byteLength(cache.get(key) ?? '', 'utf8')).toBeLessThanOrEqual(CACHE_VALUE_MAX_BYTES);
    }
    expect(getChunked(cache, 'k')).toBe(value);
  });

  it('reads a miss, never half a value, when one chunk vanished early', () => {
    const { cache } = newCache();
    const value = bigText(300_000);
    putChunked(cache, 'k', value, 3600);
    const chunk = cache.keys().find((key) => key !== 'k') ?? '';
    cache.vanish((key) => key === chunk);
    expect(getChunked(cache, 'k')).toBeNull();
  });

  it('never mixes chunks of two writes: a write cut before its manifest leaves the old value whole', () => {
    const { cache } = newCache();
    const first = bigText(200_000);
    const second = `${first.slice(0, 150_000)}X${first.slice(150_001)}`;
    putChunked(cache, 'k', first, 3600);
    // The second write stores its chunks, then fails on the manifest (quota, a cut-off run).
    const failingManifest = {
      get: (key: string) => cache.get(key),
      getAll: (keys: string[]) => cache.getAll(keys),
      putAll: (values: Record<string, string>, ttl?: number) => cache.putAll(values, ttl),
      put: () => {
        throw new Error('Service invoked too many times');
      },
    };
    expect(putChunked(failingManifest, 'k', second, 3600)).toBe(false);
    expect(getChunked(cache, 'k')).toBe(first);
    putChunked(cache, 'k', second, 3600);
    expect(getChunked(cache, 'k')).toBe(second);
  });

  it('keeps entries at most 6 hours, whatever is asked', () => {
    const { cache, clock } = newCache();
    expect(putChunked(cache, 'k', 'v', 24 * 3600)).toBe(true);
    expect(cache.expiresAt('k')).toBe(clock.now() + CACHE_MAX_TTL_SECONDS * 1000);
    clock.advance(CACHE_MAX_TTL_SECONDS * 1000);
    expect(getChunked(cache, 'k')).toBeNull();
  });

  it('does not store a value needing more than MAX_CHUNKS chunks', () => {
    const { cache } = newCache();
    expect(putChunked(cache, 'k', bigText(CHUNK_MAX_BYTES * (MAX_CHUNKS + 1)), 3600)).toBe(false);
    expect(cache.keys()).toEqual([]);
  });

  it('treats a failing cache as a miss, not an error', () => {
    const broken = {
      get: () => {
        throw new Error('Service invoked too many times');
      },
      getAll: () => ({}),
      put: () => {
        throw new Error('Service invoked too many times');
      },
      putAll: () => undefined,
    };
    expect(putChunked(broken, 'k', 'v', 60)).toBe(false);
    expect(getChunked(broken, 'k')).toBeNull();
  });

  it('tags differ for different texts of the same length', () => {
    expect(tagOf('abc')).not.toBe(tagOf('abd'));
  });
});
