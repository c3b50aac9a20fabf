/**
 * The sandbox's accounts, one per bearer token: a credit balance, a raw allowance and whether raw
 * access was granted.
 *
 * Credits are decimal in the API (0.01 per search result, 0.025 per AI profile), and floating point
 * would drift after a few thousand charges, so balances are kept in integer thousandths of a credit
 * (millicredits). Every price of the spec is a whole number of millicredits.
 *
 * Every check-and-change below is one synchronous step: Node runs it to the end before any other
 * request's code, so two requests can never both spend the last credit.
 */

export interface AccountSettings {
  token: string;
  /** Decimal credits, at most three decimals. */
  credits: number;
  rawRequests: number;
  rawAccess: boolean;
}

/** What a handler or `/user/info` may read about an account: a copy, in decimal credits. */
export interface AccountView {
  readonly token: string;
  readonly credits: number;
  readonly rawRequests: number;
  readonly rawAccess: boolean;
}

const MILLIS_PER_CREDIT = 1000;

/**
 * Decimal credits to millicredits. Throws on amounts finer than a thousandth: such a price is a bug
 * in a handler, and rounding it away would hide the bug as a silent under- or over-charge.
 */
export function toMillicredits(credits: number): number {
  if (!Number.isFinite(credits) || credits < 0) {
    throw new RangeError(`credits must be a finite number of at least 0, got ${credits}`);
  }
  const millis = Math.round(credits * MILLIS_PER_CREDIT);
  if (Math.abs(millis - credits * MILLIS_PER_CREDIT) > 1e-6) {
    throw new RangeError(`credits are kept to a thousandth, got ${credits}`);
  }
  return millis;
}

export function fromMillicredits(millis: number): number {
  return millis / MILLIS_PER_CREDIT;
}

interface AccountState {
  token: string;
  millicredits: number;
  rawRequests: number;
  rawAccess: boolean;
}

type RawReservation = 'reserved' | 'denied' | 'exhausted';

export class Accounts {
  private readonly byToken = new Map<string, AccountState>();

  constructor(initial: readonly AccountSettings[] = []) {
    for (const settings of initial) this.set(settings.token, settings);
  }

  has(token: string): boolean {
    return this.byToken.has(token);
  }

  get(token: string): AccountView | undefined {
    const state = this.byToken.get(token);
    return state && view(state);
  }

  list(): AccountView[] {
    return [...this.byToken.values()].map(view);
  }

  /** Creates the account or changes the given fields of an existing one. */
  set(token: string, patch: Partial<Omit<AccountSettings, 'token'>>): AccountView {
    if (token.length === 0) throw new RangeError('an account token must not be empty');
    const state = this.byToken.get(token) ?? { token, millicredits: 0, rawRequests: 0, rawAccess: false };
    if (patch.credits !== undefined) state.millicredits = toMillicredits(patch.credits);
    if (patch.rawRequests !== undefined) {
      if (!Number.isInteger(patch.rawRequests) || patch.rawRequests < 0) {
        throw new RangeError(`rawRequests must be a whole number of at least 0, got ${patch.rawRequests}`);
      }
      state.rawRequests = patch.rawRequests;
    }
    if (patch.rawAccess !== undefined) state.rawAccess = patch.rawAccess;
    this.byToken.set(token, state);
    return view(state);
  }

  canAfford(token: string, millicredits: number): boolean {
    const state = this.byToken.get(token);
    return state !== undefined && state.millicredits >= millicredits;
  }

  /**
   * Takes `millicredits` from the balance if it holds that much; otherwise changes nothing.
   * Returns whether it charged. Called only after a request succeeded.
   */
  charge(token: string, millicredits: number): boolean {
    const state = this.byToken.get(token);
    if (state === undefined || state.millicredits < millicredits) return false;
    state.millicredits -= millicredits;
    return true;
  }

  /**
   * Sets one raw request aside before the request runs, so that concurrent requests cannot spend
   * the same last unit. `refundRawUnit` gives it back when the outcome is not billable (only a
   * success or a 404 uses a unit).
   */
  reserveRawUnit(token: string): RawReservation {
    const state = this.byToken.get(token);
    if (state === undefined || !state.rawAccess) return 'denied';
    if (state.rawRequests <= 0) return 'exhausted';
    state.rawRequests -= 1;
    return 'reserved';
  }

  refundRawUnit(token: string): void {
    const state = this.byToken.get(token);
    if (state !== undefined) state.rawRequests += 1;
  }
}

function view(state: AccountState): AccountView {
  return {
    token: state.token,
    credits: fromMillicredits(state.millicredits),
    rawRequests: state.rawRequests,
    rawAccess: state.rawAccess,
  };
}
