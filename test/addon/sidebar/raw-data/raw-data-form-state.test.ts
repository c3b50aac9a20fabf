import type { RawFeedUsage } from '../../../../addon/bridge-contract/raw-data-api';
import { rawOperation } from '../../../../addon/bridge-contract/raw-data-operations';
import { buildRawPull } from '../../../../addon/bridge-contract/raw-data-request';
import {
  initialRawFormState,
  offerCursor,
  paramValue,
  rawFormValues,
  selectOperation,
  setParam,
  setTabName,
  type RawFormState,
} from '../../../../addon/sidebar/raw-data/raw-data-form-state';

const param = (state: RawFormState, name: string): string => {
  const item = rawOperation(state.operation)?.params.find((candidate) => candidate.name === name);
  if (item === undefined) throw new Error(`${state.operation} has no ${name}`);
  return paramValue(state, item);
};

const usage = (overrides: Partial<RawFeedUsage> = {}): RawFeedUsage => ({
  jobId: 'raw-1',
  status: 'done',
  operation: 'rawIgUserFeed',
  pages: 5,
  rawUnits: 5,
  rawRequestsLeft: 100,
  limitedBy: 'account',
  more: true,
  cursor: 'QVFE',
  cursorParam: 'after',
  ...overrides,
});

describe('the Raw data form state', () => {
  it('keeps what was typed across operations: an account stays for the same platform and meaning', () => {
    let state = initialRawFormState('rawIgUserFeed');
    state = setParam(state, 'url', '@nasa');
    state = setParam(state, 'after', 'C1');

    state = selectOperation(state, 'rawIgUserReels');
    expect(param(state, 'url')).toBe('@nasa');
    // A cursor pages one feed only.
    expect(param(state, 'after')).toBe('');

    state = selectOperation(state, 'rawTiktokComments');
    // A TikTok video is not an Instagram account.
    expect(param(state, 'url')).toBe('');

    state = selectOperation(state, 'rawIgUserFeed');
    expect(rawFormValues(state).params).toEqual({ url: '@nasa', after: 'C1' });
  });

  it('suggests the tab name from the operation until the user writes one', () => {
    let state = initialRawFormState('rawIgUserFeed');
    expect(state.tabName).toBe('Instagram user posts');
    state = setParam(state, 'url', '@nasa');
    expect(state.tabName).toBe('Instagram user posts @nasa');
    state = setTabName(state, 'Mine');
    state = selectOperation(setParam(state, 'url', '@esa'), 'rawIgUserReels');
    expect(state.tabName).toBe('Mine');
    state = setTabName(state, '');
    expect(state.tabName).toBe('Instagram user reels @esa');
  });

  it('puts the cursor of a feed that goes on into its field, for the same feed only', () => {
    const base = setParam(initialRawFormState('rawIgUserFeed'), 'url', '@nasa');

    const offered = offerCursor(base, usage(), { url: '@nasa' });
    expect(param(offered, 'after')).toBe('QVFE');
    const next = buildRawPull({ ...rawFormValues(offered), pages: '5' });
    expect(next.ok && next.request.query).toEqual({ url: '@nasa', after: 'QVFE' });

    // The form asks for another account now, or the feed ended: nothing is put in.
    expect(offerCursor(base, usage(), { url: '@esa' })).toBe(base);
    expect(offerCursor(base, usage({ more: false, cursor: null }), { url: '@nasa' })).toBe(base);
  });

  it('takes an offered cursor out again when the feed it continues is changed', () => {
    let state = offerCursor(setParam(initialRawFormState('rawIgUserFeed'), 'url', '@nasa'), usage(), {
      url: '@nasa',
    });

    state = setParam(state, 'url', '@esa');
    expect(param(state, 'after')).toBe('');
    expect(state.offered).toBeNull();
  });

  it('keeps a cursor the user typed over the offered one', () => {
    let state = offerCursor(setParam(initialRawFormState('rawIgUserFeed'), 'url', '@nasa'), usage(), {
      url: '@nasa',
    });
    state = setParam(state, 'after', 'MINE');

    state = setParam(state, 'url', '@esa');
    expect(param(state, 'after')).toBe('MINE');
  });
});
