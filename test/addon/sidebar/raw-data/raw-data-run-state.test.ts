import { estimateRawPull } from '../../../../addon/bridge-contract/raw-data-estimate';
import { buildRawPull } from '../../../../addon/bridge-contract/raw-data-request';
import { rawRunBlocker } from '../../../../addon/sidebar/raw-data/raw-data-run-state';

describe('rawRunBlocker', () => {
  const blocker = (
    params: Record<string, string>,
    pages: string,
    confirmed: boolean,
    left: number | null,
  ) => {
    const result = buildRawPull({
      operation: 'rawIgMediaCommentReplies',
      params,
      pages,
      untilDone: false,
      allFields: false,
      tabName: '',
    });
    const estimate = result.ok ? estimateRawPull(result.request, left) : null;
    return rawRunBlocker({ result, estimate, confirmed, operation: 'rawIgMediaCommentReplies' });
  };

  it('names the required fields still empty, or asks to fix the others', () => {
    expect(blocker({}, '2', true, 10)).toBe('Fill in Post shortcode and Comment id to pull.');
    expect(blocker({ code: 'C' }, 'x', true, 10)).toBe('Fix the fields marked above to pull.');
  });

  it('runs a few pages at once, waits for consent to a big share of what is left, and stops at an empty allowance', () => {
    const filled = { code: 'C', comment_id: '1' };
    expect(blocker(filled, '2', false, 9000)).toBeNull();
    expect(blocker(filled, '2', false, 10)).toBe(
      'This pull may use more than a tenth of the 10 raw requests left: tick the box above to go ahead.',
    );
    expect(blocker(filled, '2', true, 10)).toBeNull();
    expect(blocker(filled, '60', false, 9000)).toBe(
      'This pull may use up to 60 raw requests: tick the box above to go ahead.',
    );
    expect(blocker(filled, '1', false, 10)).toBeNull();
    expect(blocker(filled, '1', false, 0)).toBe(
      'No raw requests are left this month: the allowance renews with the API subscription.',
    );
  });
});
