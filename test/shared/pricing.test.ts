import {
  actualCredits,
  describePrice,
  estimateCredits,
  NO_CHARGE,
  PRICE_TABLE,
  sumCharges,
} from '../../shared/pricing';
import { OPERATION_IDS, OPERATIONS, RAW_OPERATION_IDS, type OperationId } from '../../shared/operations';
import { AI_SEARCH_DEFAULT_PAGE_SIZE } from '../../shared/requests/ai-search';

const emails = (n: number) => Array.from({ length: n }, (_, i) => `p${i}@example.com`);

describe('price table', () => {
  it('has a rule for every operation of the catalogue, and raw rules for raw operations only', () => {
    expect(Object.keys(PRICE_TABLE).sort()).toEqual([...OPERATION_IDS].sort());
    for (const id of OPERATION_IDS) {
      expect(PRICE_TABLE[id].kind === 'rawRequest').toBe(OPERATIONS[id].raw);
    }
  });

  it('reads as a sentence in the sidebar', () => {
    expect(describePrice('search')).toBe('0.01 credits per returned search item');
    expect(describePrice('emailSearch')).toBe('0.02 credits per matched e-mail');
    expect(describePrice('aiLookalikes')).toBe('0.025 credits per returned AI profile');
    expect(describePrice('report')).toBe('1 credit per call');
    expect(describePrice('collaborationPosts')).toBe('0.2 credits per call');
    expect(describePrice('dictionaryUsers')).toBe('free');
    expect(describePrice('rawYoutubeVideoInfo')).toBe('1 raw request, no credits');
  });
});

describe('estimateCredits: the most a request can cost', () => {
  it('prices a search page as 15 results at 0.01, exactly 0.15', () => {
    expect(estimateCredits('search', { platform: 'tiktok', filter: {} })).toEqual({
      credits: 0.15,
      rawRequests: 0,
    });
    expect(
      estimateCredits('search', { platform: 'instagram', filter: { influencer: { gender: 'MALE' } } })
        .credits,
    ).toBe(0.15);
  });

  it('makes an Instagram search with an empty filter free, and only on Instagram', () => {
    expect(estimateCredits('search', { platform: 'instagram' })).toEqual(NO_CHARGE);
    expect(
      estimateCredits('search', { platform: 'instagram', filter: { influencer: {}, audience: {} } }),
    ).toEqual(NO_CHARGE);
    expect(estimateCredits('search', { platform: 'youtube', filter: {} }).credits).toBe(0.15);
  });

  it('prices a report at 1 credit, free for the user "instagram" on Instagram', () => {
    expect(estimateCredits('report', { platform: 'tiktok', userId: 'someone' }).credits).toBe(1);
    expect(estimateCredits('report', { platform: 'instagram', userId: 'instagram' })).toEqual(NO_CHARGE);
    expect(estimateCredits('report', { platform: 'tiktok', userId: 'instagram' }).credits).toBe(1);
    expect(estimateCredits('report', { platform: 'instagram', userId: '@instagram' }).credits).toBe(1);
  });

  it('prices an overlap at 1 credit', () => {
    expect(estimateCredits('audienceOverlap')).toEqual({ credits: 1, rawRequests: 0 });
  });

  it('prices an e-mail search at 0.02 per submitted e-mail', () => {
    expect(estimateCredits('emailSearch', { emails: emails(1) }).credits).toBe(0.02);
    expect(estimateCredits('emailSearch', { emails: emails(3) }).credits).toBe(0.06);
    expect(estimateCredits('emailSearch', { emails: emails(1000) }).credits).toBe(20);
    expect(estimateCredits('emailSearch', { emails: emails(7) }).credits).toBe(0.14);
  });

  it('prices AI searches at 0.025 per profile of the page size', () => {
    expect(estimateCredits('aiTextSearch', { pageSize: 3 }).credits).toBe(0.075);
    expect(estimateCredits('aiImageSearch', { pageSize: 100 }).credits).toBe(2.5);
    expect(estimateCredits('aiLookalikes', {}).credits).toBe(AI_SEARCH_DEFAULT_PAGE_SIZE * 0.025);
    expect(estimateCredits('aiTextSearchDeprecated', { pageSize: 7 }).credits).toBe(0.175);
    expect(estimateCredits('aiImageSearchDeprecated', { pageSize: 1 }).credits).toBe(0.025);
  });

  it('accepts the request body itself as the input', () => {
    const body = { query: 'cats', page: 2, pageSize: 12, filters: { gender: 'FEMALE' as const } };
    expect(estimateCredits('aiTextSearch', body).credits).toBe(0.3);
  });

  it('prices collaborations: posts and summary 0.2, deprecated 1 per page', () => {
    expect(estimateCredits('collaborationPosts').credits).toBe(0.2);
    expect(estimateCredits('collaborationSummary').credits).toBe(0.2);
    expect(estimateCredits('collaborationsInfluencerDeprecated').credits).toBe(1);
    expect(estimateCredits('collaborationsBrandDeprecated').credits).toBe(1);
  });

  it.each<OperationId>([
    'health',
    'userInfo',
    'dictionaryBrands',
    'dictionaryInterests',
    'dictionaryLanguages',
    'dictionaryLocations',
    'dictionaryTopics',
    'dictionaryHashtags',
    'dictionaryUsers',
    'aiBrands',
    'aiHashtags',
    'aiMentions',
    'aiListCreate',
    'aiListsGet',
    'aiListGet',
    'aiListDelete',
    'aiListMembersGet',
    'aiListMembersAdd',
    'aiListMembersRemove',
  ])('%s is free', (id) => {
    expect(PRICE_TABLE[id]).toEqual({ kind: 'free' });
  });

  it('free operations estimate to nothing', () => {
    expect(estimateCredits('health')).toEqual(NO_CHARGE);
    expect(estimateCredits('dictionaryLocations')).toEqual(NO_CHARGE);
    expect(estimateCredits('aiListMembersAdd')).toEqual(NO_CHARGE);
  });

  it('raw operations cost no credits and one raw request', () => {
    for (const id of RAW_OPERATION_IDS) {
      expect(estimateCredits(id as 'rawIgUserInfo')).toEqual({ credits: 0, rawRequests: 1 });
    }
  });

  it('fails loudly when a priced operation is called without its request from untyped code', () => {
    const untyped = estimateCredits as (operation: OperationId) => unknown;
    expect(() => untyped('emailSearch')).toThrow('pricing emailSearch needs its request');
  });
});

describe('actualCredits: what a successful request is billed', () => {
  it('bills searches per returned item', () => {
    expect(actualCredits('search', { platform: 'tiktok' }, 15)).toEqual({ credits: 0.15, rawRequests: 0 });
    expect(actualCredits('search', { platform: 'tiktok' }, 3).credits).toBe(0.03);
    expect(actualCredits('search', { platform: 'instagram', filter: {} }, 15)).toEqual(NO_CHARGE);
  });

  it('bills e-mail searches per matched e-mail, not per submitted one', () => {
    expect(actualCredits('emailSearch', { emails: emails(1000) }, 7).credits).toBe(0.14);
    expect(actualCredits('emailSearch', { emails: emails(5) }, 0)).toEqual(NO_CHARGE);
  });

  it('bills AI searches per returned profile', () => {
    expect(actualCredits('aiTextSearch', { pageSize: 50 }, 11).credits).toBe(0.275);
    expect(actualCredits('aiLookalikes', {}, 0).credits).toBe(0);
  });

  it('bills per-call and raw operations as estimated', () => {
    expect(actualCredits('report', { platform: 'youtube', userId: 'x' }).credits).toBe(1);
    expect(actualCredits('report', { platform: 'instagram', userId: 'instagram' })).toEqual(NO_CHARGE);
    expect(actualCredits('collaborationPosts').credits).toBe(0.2);
    expect(actualCredits('rawTiktokUserFeed')).toEqual({ credits: 0, rawRequests: 1 });
  });

  it('rejects a count that is not a whole number of 0 or more', () => {
    expect(() => actualCredits('search', { platform: 'tiktok' }, -1)).toThrow(
      'a billed count must be a whole number of 0 or more, got -1',
    );
    expect(() => actualCredits('aiTextSearch', {}, 1.5)).toThrow(RangeError);
  });
});

describe('sumCharges', () => {
  it('adds without float drift', () => {
    const tenCents = Array.from({ length: 10 }, () => actualCredits('search', { platform: 'tiktok' }, 1));
    expect(sumCharges(tenCents)).toEqual({ credits: 0.1, rawRequests: 0 });
    expect(
      sumCharges([
        { credits: 0.1, rawRequests: 0 },
        { credits: 0.2, rawRequests: 2 },
        estimateCredits('rawIgSearch'),
      ]),
    ).toEqual({ credits: 0.3, rawRequests: 3 });
    expect(sumCharges([])).toEqual(NO_CHARGE);
  });
});

describe('input types', () => {
  it('refuse the wrong shape at compile time', () => {
    const wrongCalls = [
      // @ts-expect-error a report is priced from platform and userId, not a page size
      () => estimateCredits('report', { pageSize: 3 }),
      // @ts-expect-error a search needs its platform
      () => estimateCredits('search'),
      // @ts-expect-error a free operation takes no input
      () => estimateCredits('health', { platform: 'instagram' }),
      // @ts-expect-error billing an AI search needs the number of returned profiles
      () => actualCredits('aiTextSearch', { pageSize: 3 }),
      // @ts-expect-error e-mails are a list, not a count
      () => estimateCredits('emailSearch', { emails: 3 }),
    ];
    expect(wrongCalls).toHaveLength(5);
  });
});
