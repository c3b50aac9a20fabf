import type { FakeRuntime } from './runtime';

/** Apps Script quotas: 9 KB per value, 500 KB per store (keys and values, UTF-8). */
export const PROPERTY_VALUE_MAX_BYTES = 9 * 1024;
export const PROPERTY_STORE_MAX_BYTES = 500 * 1024;

const bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** One property store. Strings only: Apps Script would store String(value), so the fake refuses. */
export class FakeProperties {
  private readonly entries = new Map<string, string>();

  constructor(readonly name: string) {}

  getProperty(key: string): string | null {
    requireString(key, 'key');
    return this.entries.get(key) ?? null;
  }

  getProperties(): Record<string, string> {
    return Object.fromEntries(this.entries);
  }

  getKeys(): string[] {
    return [...this.entries.keys()];
  }

  setProperty(key: string, value: string): FakeProperties {
    return this.setProperties({ [key]: value });
  }

  setProperties(properties: Record<string, string>, deleteAllOthers = false): FakeProperties {
    const next = new Map(deleteAllOthers ? [] : this.entries);
    for (const [key, value] of Object.entries(properties)) {
      requireString(key, 'key');
      requireString(value, `value of "${key}"`);
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

  deleteProperty(key: string): FakeProperties {
    requireString(key, 'key');
    this.entries.delete(key);
    return this;
  }

  deleteAllProperties(): FakeProperties {
    this.entries.clear();
    return this;
  }
}

/**
 * PropertiesService with its three stores. Each store needs authorization, so none is reachable
 * from an onOpen in AuthMode.NONE. A custom function reads the user store of the sheet's owner.
 */
export class FakePropertiesService {
  readonly user = new FakeProperties('user');
  readonly script = new FakeProperties('script');
  readonly document = new FakeProperties('document');

  constructor(private readonly runtime: FakeRuntime) {}

  getUserProperties(): FakeProperties {
    this.runtime.deny('PropertiesService.getUserProperties', ['auth-none']);
    return this.user;
  }

  getScriptProperties(): FakeProperties {
    this.runtime.deny('PropertiesService.getScriptProperties', ['auth-none']);
    return this.script;
  }

  getDocumentProperties(): FakeProperties {
    this.runtime.deny('PropertiesService.getDocumentProperties', ['auth-none']);
    return this.document;
  }
}

function requireString(value: unknown, name: string): asserts value is string {
  if (typeof value !== 'string') {
    throw new TypeError(
      `Properties hold strings only: ${name} is a ${typeof value}; use String() or JSON.stringify()`,
    );
  }
}
