import type { FakeRuntime } from './runtime';

/** Apps Script quotas: 9 KB per value, 500 KB per store (keys and values, UTF-8). */
export const PROPERTY_VALUE_MAX_BYTES = 9 * 1024;
export const PROPERTY_STORE_MAX_BYTES = 500 * 1024;

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * One property store. Strings only, as in Apps Script: a number or an object is stored as
 * String(value) (so an object comes back as "[object Object]": JSON.stringify it first), and
 * null or undefined is refused.
 */
class FakeProperties {
  private readonly entries = new Map<string, string>();

  constructor(
    readonly name: string,
    private readonly runtime: FakeRuntime | null = null,
  ) {}

  getProperty(key: string): string | null {
    this.enter('Properties.getProperty');
    return this.entries.get(asString(key, 'key')) ?? null;
  }

  getProperties(): Record<string, string> {
    this.enter('Properties.getProperties');
    return Object.fromEntries(this.entries);
  }

  getKeys(): string[] {
    this.enter('Properties.getKeys');
    return [...this.entries.keys()];
  }

  setProperty(key: string, value: string): FakeProperties {
    this.enter('Properties.setProperty');
    return this.store({ [asString(key, 'key')]: value }, false);
  }

  setProperties(properties: Record<string, string>, deleteAllOthers = false): FakeProperties {
    this.enter('Properties.setProperties');
    if (typeof properties !== 'object' || properties === null)
      throw new Error('Invalid argument: properties');
    return this.store(properties, deleteAllOthers);
  }

  deleteProperty(key: string): FakeProperties {
    this.enter('Properties.deleteProperty');
    this.entries.delete(asString(key, 'key'));
    return this;
  }

  deleteAllProperties(): FakeProperties {
    this.enter('Properties.deleteAllProperties');
    this.entries.clear();
    return this;
  }

  /** Bytes used, keys included: what the 500 KB quota counts. */
  get usedBytes(): number {
    let total = 0;
    for (const [key, value] of this.entries) total += bytes(key) + bytes(value);
    return total;
  }

  private store(properties: Record<string, unknown>, deleteAllOthers: boolean): FakeProperties {
    const next = new Map(deleteAllOthers ? [] : this.entries);
    for (const [key, raw] of Object.entries(properties)) {
      const value = asString(raw, `value of "${key}"`);
      if (bytes(value) > PROPERTY_VALUE_MAX_BYTES) throw new Error('Argument too large: value');
      next.set(key, value);
    }
    let total = 0;
    for (const [key, value] of next) total += bytes(key) + bytes(value);
    if (total > PROPERTY_STORE_MAX_BYTES) {
      throw new Error(
        'You have exceeded the property storage quota. Please remove some properties and try again.',
      );
    }
    this.entries.clear();
    for (const [key, value] of next) this.entries.set(key, value);
    return this;
  }

  private enter(call: string): void {
    this.runtime?.enter(call);
  }
}

/**
 * PropertiesService with its three stores. Each store needs authorization, so none is reachable
 * from an onOpen in AuthMode.NONE. A custom function may use all three: its user store is the
 * sheet owner's (Apps Script forbids editors to set user properties there; the fake cannot tell
 * an editor from the owner and allows it).
 */
export class FakePropertiesService {
  readonly user: FakeProperties;
  readonly script: FakeProperties;
  readonly document: FakeProperties;

  constructor(private readonly runtime: FakeRuntime) {
    this.user = new FakeProperties('user', runtime);
    this.script = new FakeProperties('script', runtime);
    this.document = new FakeProperties('document', runtime);
  }

  getUserProperties(): FakeProperties {
    this.runtime.enter('PropertiesService.getUserProperties', ['auth-none']);
    return this.user;
  }

  getScriptProperties(): FakeProperties {
    this.runtime.enter('PropertiesService.getScriptProperties', ['auth-none']);
    return this.script;
  }

  getDocumentProperties(): FakeProperties {
    this.runtime.enter('PropertiesService.getDocumentProperties', ['auth-none']);
    return this.document;
  }
}

function asString(value: unknown, name: string): string {
  if (value === null || value === undefined) throw new Error(`Invalid argument: ${name}`);
  return typeof value === 'string' ? value : String(value);
}
