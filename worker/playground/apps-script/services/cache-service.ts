import type { FakeRuntime } from '../runtime/runtime';

/** Apps Script's limits: 100 KB per value, 250-character keys, 10 min by default, 6 h at most. */
export const CACHE_VALUE_MAX_BYTES = 100 * 1024;
export const CACHE_KEY_MAX_CHARACTERS = 250;
const CACHE_DEFAULT_TTL_SECONDS = 600;
const CACHE_MAX_TTL_SECONDS = 21_600;

interface Entry {
  value: string;
  expiresAt: number;
}

/**
 * One cache. Entries expire on the runtime's clock; `vanish` and `vanishAll` drop entries before
 * their time, which Apps Script may do whenever it likes, so code must treat every get as a maybe.
 */
export class FakeCache {
  private readonly entries = new Map<string, Entry>();
  /** Entries dropped early so far. */
  evicted = 0;

  constructor(
    readonly name: string,
    private readonly runtime: FakeRuntime,
  ) {}

  get(key: string): string | null {
    this.runtime.enter('Cache.get');
    return this.read(checkKey(key));
  }

  getAll(keys: string[]): Record<string, string> {
    this.runtime.enter('Cache.getAll');
    if (!Array.isArray(keys)) throw new Error('Invalid argument: keys');
    const found: Record<string, string> = {};
    for (const key of keys) {
      const value = this.read(checkKey(key));
      if (value !== null) found[key] = value;
    }
    return found;
  }

  put(key: string, value: string, expirationInSeconds = CACHE_DEFAULT_TTL_SECONDS): void {
    this.runtime.enter('Cache.put');
    this.write(checkKey(key), value, checkTtl(expirationInSeconds));
  }

  putAll(values: Record<string, string>, expirationInSeconds = CACHE_DEFAULT_TTL_SECONDS): void {
    this.runtime.enter('Cache.putAll');
    if (typeof values !== 'object' || values === null) throw new Error('Invalid argument: values');
    const ttl = checkTtl(expirationInSeconds);
    // Checked first: a refused batch stores nothing.
    const checked = Object.entries(values).map(([key, value]) => [checkKey(key), checkValue(value)] as const);
    for (const [key, value] of checked) this.write(key, value, ttl);
  }

  remove(key: string): void {
    this.runtime.enter('Cache.remove');
    this.entries.delete(checkKey(key));
  }

  removeAll(keys: string[]): void {
    this.runtime.enter('Cache.removeAll');
    if (!Array.isArray(keys)) throw new Error('Invalid argument: keys');
    for (const key of keys) this.entries.delete(checkKey(key));
  }

  // ---- for tests ----

  /** Drops entries before their time (all, or those whose key matches). */
  vanish(match: (key: string) => boolean = () => true): number {
    let dropped = 0;
    for (const key of [...this.entries.keys()]) {
      if (match(key)) {
        this.entries.delete(key);
        dropped += 1;
      }
    }
    this.evicted += dropped;
    return dropped;
  }

  /** Keys still alive now. */
  keys(): string[] {
    const now = this.runtime.clock.now();
    return [...this.entries].filter(([, entry]) => entry.expiresAt > now).map(([key]) => key);
  }

  /** When the entry expires (ms since the epoch), or null when absent. */
  expiresAt(key: string): number | null {
    return this.entries.get(key)?.expiresAt ?? null;
  }

  private read(key: string): string | null {
    const entry = this.entries.get(key);
    if (entry === undefined) return null;
    if (entry.expiresAt <= this.runtime.clock.now()) {
      this.entries.delete(key);
      return null;
    }
    return entry.value;
  }

  private write(key: string, value: unknown, ttlSeconds: number): void {
    this.entries.set(key, {
      value: checkValue(value),
      expiresAt: this.runtime.clock.now() + ttlSeconds * 1000,
    });
  }
}

/**
 * CacheService with its three caches. None is reachable from onOpen in AuthMode.NONE; a custom
 * function may use all of them.
 */
export class FakeCacheService {
  readonly user: FakeCache;
  readonly script: FakeCache;
  readonly document: FakeCache;

  constructor(private readonly runtime: FakeRuntime) {
    this.user = new FakeCache('user', runtime);
    this.script = new FakeCache('script', runtime);
    this.document = new FakeCache('document', runtime);
  }

  getUserCache(): FakeCache {
    this.runtime.enter('CacheService.getUserCache', ['auth-none']);
    return this.user;
  }

  getScriptCache(): FakeCache {
    this.runtime.enter('CacheService.getScriptCache', ['auth-none']);
    return this.script;
  }

  getDocumentCache(): FakeCache {
    this.runtime.enter('CacheService.getDocumentCache', ['auth-none']);
    return this.document;
  }
}

function checkKey(key: unknown): string {
  if (typeof key !== 'string' || key === '') throw new Error('Invalid argument: key');
  if (key.length > CACHE_KEY_MAX_CHARACTERS) throw new Error('Argument too large: key');
  return key;
}

/** Strings only, as Apps Script: other values are stored as String(value). */
function checkValue(value: unknown): string {
  if (value === null || value === undefined) throw new Error('Invalid argument: value');
  const text = typeof value === 'string' ? value : String(value);
  if (Buffer.byteLength(text, 'utf8') > CACHE_VALUE_MAX_BYTES) throw new Error('Argument too large: value');
  return text;
}

function checkTtl(seconds: unknown): number {
  if (
    typeof seconds !== 'number' ||
    !Number.isFinite(seconds) ||
    seconds < 1 ||
    seconds > CACHE_MAX_TTL_SECONDS
  ) {
    throw new Error(
      `Invalid argument: expirationInSeconds must be from 1 to ${CACHE_MAX_TTL_SECONDS} (6 hours), got ${String(seconds)}`,
    );
  }
  return Math.floor(seconds);
}
