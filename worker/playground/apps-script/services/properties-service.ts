import type { FakeRuntime } from '../runtime/runtime';
import type { FakeSession } from '../runtime/session';

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
  constructor(
    readonly name: string,
    private readonly runtime: FakeRuntime | null = null,
    private readonly entries = new Map<string, string>(),
    /** Set on a view that may read but not write: the sentence every write throws. */
    private readonly refusal: string | null = null,
  ) {}

  /** The same store, readable only (an editor's formula reading the owner's user store). */
  readOnlyView(refusal: string): FakeProperties {
    return new FakeProperties(this.name, this.runtime, this.entries, refusal);
  }

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
    this.refuseWrites();
    return this.store({ [asString(key, 'key')]: value }, false);
  }

  setProperties(properties: Record<string, string>, deleteAllOthers = false): FakeProperties {
    this.enter('Properties.setProperties');
    this.refuseWrites();
    if (typeof properties !== 'object' || properties === null)
      throw new Error('Invalid argument: properties');
    return this.store(properties, deleteAllOthers);
  }

  deleteProperty(key: string): FakeProperties {
    this.enter('Properties.deleteProperty');
    this.refuseWrites();
    this.entries.delete(asString(key, 'key'));
    return this;
  }

  deleteAllProperties(): FakeProperties {
    this.enter('Properties.deleteAllProperties');
    this.refuseWrites();
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

  private refuseWrites(): void {
    if (this.refusal !== null) throw new Error(this.refusal);
  }
}

/**
 * The rule of custom functions (developers.google.com/apps-script/guides/sheets/functions, "Using
 * Apps Script services", Properties): "getUserProperties() only gets the properties of the
 * spreadsheet owner. Spreadsheet editors can't set user properties in a custom function."
 */
const EDITOR_WRITES_OWNER_STORE =
  "Exception: You do not have permission to set the spreadsheet owner's user properties from a custom function.";

export interface PropertiesOptions {
  /** Who owns the spreadsheet: whose user store every custom function reads. The first user by default. */
  ownerEmail?: string;
}

/**
 * PropertiesService with its three stores, the user store one per person. Each store needs
 * authorization, so none is reachable from an onOpen in AuthMode.NONE. In a custom function the
 * user store is the spreadsheet OWNER's, whoever recalculates, and read-only for everyone else
 * (the rule above); menus and the sidebar see the active user's own store.
 */
export class FakePropertiesService {
  readonly script: FakeProperties;
  readonly document: FakeProperties;
  readonly ownerEmail: string;
  private readonly userStores = new Map<string, FakeProperties>();

  constructor(
    private readonly runtime: FakeRuntime,
    private readonly session: Pick<FakeSession, 'activeUserEmail'>,
    options: PropertiesOptions = {},
  ) {
    this.script = new FakeProperties('script', runtime);
    this.document = new FakeProperties('document', runtime);
    this.ownerEmail = options.ownerEmail ?? session.activeUserEmail;
  }

  /** The active user's own store, as their menus and sidebar see it. */
  get user(): FakeProperties {
    return this.userOf(this.session.activeUserEmail);
  }

  /** One person's user store. */
  userOf(email: string): FakeProperties {
    let store = this.userStores.get(email);
    if (store === undefined) {
      store = new FakeProperties('user', this.runtime);
      this.userStores.set(email, store);
    }
    return store;
  }

  getUserProperties(): FakeProperties {
    this.runtime.enter('PropertiesService.getUserProperties', ['auth-none']);
    if (this.runtime.mode !== 'custom-function') return this.user;
    const owners = this.userOf(this.ownerEmail);
    return this.session.activeUserEmail === this.ownerEmail
      ? owners
      : owners.readOnlyView(EDITOR_WRITES_OWNER_STORE);
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
