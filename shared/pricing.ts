import { AI_SEARCH_DEFAULT_PAGE_SIZE, SEARCH_PAGE_SIZE } from './limits';
import { RAW_OPERATION_IDS, type OperationId } from './operations';
import type { Platform } from './platforms';
import type { RawOperationId } from './operations';
// Zod-free imports only: the add-on bundles this file for its cost estimates.
import { isEmptySearchFilter } from './requests/empty-search-filter';
import type { SearchFilterInput } from './requests/search';

/**
 * The credit price of every operation (spec "Credits"), and what a request costs: at most
 * (estimateCredits, shown before a paid action) and actually (actualCredits, billed after it by the
 * sandbox and recorded by the worker), so both sides charge from this one table.
 *
 * Prices are kept in thousandths of a credit (every price of the spec is a whole number of them),
 * so products and sums are exact integers and 15 x 0.01 comes out as 0.15, not 0.15000000000000002.
 */

export type PriceRule =
  | { readonly kind: 'free' }
  /** A fixed price per successful call, whatever it returns. */
  | { readonly kind: 'perCall'; readonly milliCredits: number }
  /** A price per item the answer returns; `result` names the item. */
  | { readonly kind: 'perResult'; readonly milliCredits: number; readonly result: string }
  /** E-mail search: billed per matched e-mail, but the account must hold the price of every submitted one. */
  | { readonly kind: 'perMatchedEmail'; readonly milliCredits: number }
  /** No credits; one unit of the monthly raw allowance per successful call (a 404 included). */
  | { readonly kind: 'rawRequest' };

export interface CreditCharge {
  readonly credits: number;
  readonly rawRequests: number;
}

export const NO_CHARGE: CreditCharge = Object.freeze({ credits: 0, rawRequests: 0 });

const MILLI_PER_CREDIT = 1000;

const FREE: PriceRule = { kind: 'free' };
const RAW: PriceRule = { kind: 'rawRequest' };
const perCall = (milliCredits: number): PriceRule => ({ kind: 'perCall', milliCredits });
const SEARCH_RESULT: PriceRule = { kind: 'perResult', milliCredits: 10, result: 'returned search item' };
const AI_PROFILE: PriceRule = { kind: 'perResult', milliCredits: 25, result: 'returned AI profile' };

const RAW_PRICES = Object.fromEntries(RAW_OPERATION_IDS.map((id) => [id, RAW])) as Record<
  RawOperationId,
  PriceRule
>;

export const PRICE_TABLE: Readonly<Record<OperationId, PriceRule>> = {
  health: FREE,
  userInfo: FREE,

  /** 0.01 per result: 0.15 for a full page of 15 (directs and lookalikes together). */
  search: SEARCH_RESULT,
  report: perCall(1000),
  audienceOverlap: perCall(1000),

  dictionaryBrands: FREE,
  dictionaryInterests: FREE,
  dictionaryLanguages: FREE,
  dictionaryLocations: FREE,
  dictionaryTopics: FREE,
  dictionaryHashtags: FREE,
  dictionaryUsers: FREE,

  emailSearch: { kind: 'perMatchedEmail', milliCredits: 20 },

  aiImageSearch: AI_PROFILE,
  aiTextSearch: AI_PROFILE,
  aiLookalikes: AI_PROFILE,
  aiTextSearchDeprecated: AI_PROFILE,
  aiImageSearchDeprecated: AI_PROFILE,
  aiBrands: FREE,
  aiHashtags: FREE,
  aiMentions: FREE,
  aiListCreate: FREE,
  aiListsGet: FREE,
  aiListGet: FREE,
  aiListDelete: FREE,
  aiListMembersGet: FREE,
  aiListMembersAdd: FREE,
  aiListMembersRemove: FREE,

  collaborationPosts: perCall(200),
  /**
   * The spec prices only "Collaborations posts" (0.2). The summary is the same paid family, same
   * request and same rate group, and never listed as free, so it is charged like posts: an estimate
   * must not promise free what may be billed.
   */
  collaborationSummary: perCall(200),
  /** 1 credit per page of up to 30 results. */
  collaborationsInfluencerDeprecated: perCall(1000),
  collaborationsBrandDeprecated: perCall(1000),

  ...RAW_PRICES,
};

/** What each priced operation needs to know to price a request; the request body itself fits. */
export interface PricedInputs {
  /** An Instagram search with an empty filter is free (spec "Testing aids"). */
  search: { platform: Platform; filter?: SearchFilterInput };
  /** An Instagram report for the user `instagram` is free (spec "Testing aids"). */
  report: { platform: Platform; userId: string };
  emailSearch: { emails: readonly string[] };
  aiImageSearch: AiPageInput;
  aiTextSearch: AiPageInput;
  aiLookalikes: AiPageInput;
  aiTextSearchDeprecated: AiPageInput;
  aiImageSearchDeprecated: AiPageInput;
}

/** `pageSize` absent means the schema's default, as the request would be sent. */
export interface AiPageInput {
  pageSize?: number;
}

/** Every key of PricedInputs, so a priced operation called without its input fails loudly. */
const PRICED_OPERATIONS: Readonly<Record<keyof PricedInputs, true>> = {
  search: true,
  report: true,
  emailSearch: true,
  aiImageSearch: true,
  aiTextSearch: true,
  aiLookalikes: true,
  aiTextSearchDeprecated: true,
  aiImageSearchDeprecated: true,
};

/** The input each operation is priced from; `undefined` where the price needs nothing. */
export type PricingInput = {
  [K in OperationId]: K extends keyof PricedInputs ? PricedInputs[K] : undefined;
};

/** Operations billed by how many items the answer holds. */
export type PerResultOperationId = 'search' | 'emailSearch' | AiSearchOperationId;
type AiSearchOperationId =
  'aiImageSearch' | 'aiTextSearch' | 'aiLookalikes' | 'aiTextSearchDeprecated' | 'aiImageSearchDeprecated';

export type EstimateArgs<K extends OperationId> = PricingInput[K] extends undefined
  ? []
  : [input: PricingInput[K]];

/** `results`: items returned (search, AI) or e-mails matched (e-mail search). */
export type ActualArgs<K extends OperationId> = K extends PerResultOperationId
  ? [input: PricingInput[K], results: number]
  : EstimateArgs<K>;

/**
 * The most one request can cost: a search page of 15, every submitted e-mail matched, a full AI
 * page. An e-mail search needs the account to hold this much, or it fails with not_enough_credits.
 */
export function estimateCredits<K extends OperationId>(operation: K, ...args: EstimateArgs<K>): CreditCharge {
  const [input] = args as readonly unknown[];
  return charge(operation, input, null);
}

/** What a successful request is billed, given how many items its answer returned or matched. */
export function actualCredits<K extends OperationId>(operation: K, ...args: ActualArgs<K>): CreditCharge {
  const [input, results] = args as readonly unknown[];
  const { kind } = PRICE_TABLE[operation];
  const perItem = kind === 'perResult' || kind === 'perMatchedEmail';
  return charge(operation, input, perItem ? checkedCount(results) : null);
}

/** Adds charges without float drift (0.1 + 0.2 stays 0.3). */
export function sumCharges(charges: Iterable<CreditCharge>): CreditCharge {
  let milli = 0;
  let rawRequests = 0;
  for (const item of charges) {
    milli += Math.round(item.credits * MILLI_PER_CREDIT);
    rawRequests += item.rawRequests;
  }
  return { credits: milli / MILLI_PER_CREDIT, rawRequests };
}

/** "0.01 credits per returned search item", "1 credit per call", "free", ... for the sidebar. */
export function describePrice(operation: OperationId): string {
  const rule = PRICE_TABLE[operation];
  switch (rule.kind) {
    case 'free':
      return 'free';
    case 'perCall':
      return `${creditsText(rule.milliCredits)} per call`;
    case 'perResult':
      return `${creditsText(rule.milliCredits)} per ${rule.result}`;
    case 'perMatchedEmail':
      return `${creditsText(rule.milliCredits)} per matched e-mail`;
    case 'rawRequest':
      return '1 raw request, no credits';
  }
}

function creditsText(milliCredits: number): string {
  const credits = milliCredits / MILLI_PER_CREDIT;
  return `${credits} credit${credits === 1 ? '' : 's'}`;
}

/** `results` null: price the most the request can return. */
function charge(operation: OperationId, input: unknown, results: number | null): CreditCharge {
  const rule = PRICE_TABLE[operation];
  if (input === undefined && Object.prototype.hasOwnProperty.call(PRICED_OPERATIONS, operation)) {
    throw new TypeError(`pricing ${operation} needs its request (${operation} is priced from it)`);
  }
  switch (rule.kind) {
    case 'free':
      return NO_CHARGE;
    case 'rawRequest':
      return { credits: 0, rawRequests: 1 };
    case 'perCall':
      return fromMilli(isFreeByTestingAid(operation, input) ? 0 : rule.milliCredits);
    case 'perResult':
    case 'perMatchedEmail': {
      if (isFreeByTestingAid(operation, input)) return NO_CHARGE;
      const units = results ?? mostResults(operation, input);
      return fromMilli(rule.milliCredits * units);
    }
  }
}

function fromMilli(milliCredits: number): CreditCharge {
  return { credits: milliCredits / MILLI_PER_CREDIT, rawRequests: 0 };
}

function isFreeByTestingAid(operation: OperationId, input: unknown): boolean {
  if (operation === 'search') {
    const { platform, filter } = input as PricedInputs['search'];
    return platform === 'instagram' && isEmptySearchFilter(filter);
  }
  if (operation === 'report') {
    const { platform, userId } = input as PricedInputs['report'];
    return platform === 'instagram' && userId === 'instagram';
  }
  return false;
}

function mostResults(operation: OperationId, input: unknown): number {
  if (operation === 'search') return SEARCH_PAGE_SIZE;
  if (operation === 'emailSearch') return (input as PricedInputs['emailSearch']).emails.length;
  const { pageSize } = input as AiPageInput;
  return checkedCount(pageSize ?? AI_SEARCH_DEFAULT_PAGE_SIZE);
}

function checkedCount(count: unknown): number {
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0) {
    throw new RangeError(`a billed count must be a whole number of 0 or more, got ${String(count)}`);
  }
  return count;
}
