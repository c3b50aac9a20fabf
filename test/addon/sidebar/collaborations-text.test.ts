import type { CollaborationsProgress, CollaborationsRequest } from '../../../addon/shared/collaborations-api';
import { collaborationsCost } from '../../../addon/shared/collaborations-rules';
import {
  collaborationsCostFacts,
  collaborationsCostLine,
  collaborationsRunBlocker,
  pagesHint,
  progressPercent,
  runVerb,
} from '../../../addon/sidebar/collaborations-text';

const POSTS: CollaborationsRequest = {
  kind: 'posts',
  subject: 'influencer',
  platform: 'instagram',
  id: 'ana',
  pages: 12,
};
const OLDER: CollaborationsRequest = {
  kind: 'older',
  subject: 'brand',
  platform: 'tiktok',
  id: 'nike.com',
  groupByDomain: false,
  pages: 2,
};

describe('the cost before Run', () => {
  it('lists pages and the most it can cost for posts', () => {
    expect(collaborationsCostFacts(POSTS, collaborationsCost(POSTS))).toEqual([
      { label: 'Pages, at most', value: '12' },
      { label: 'Most it can cost', value: '2.4 credits' },
    ]);
    expect(collaborationsCostLine(POSTS, collaborationsCost(POSTS))).toMatch(
      /^At most 2\.4 credits: every page is billed/,
    );
  });

  it('says how many rows the older API can bring, 30 a page', () => {
    expect(collaborationsCostFacts(OLDER, collaborationsCost(OLDER))).toEqual([
      { label: 'Pages, at most', value: '2' },
      { label: 'Rows, at most', value: '60' },
      { label: 'Most it can cost', value: '2 credits' },
    ]);
  });

  it('shows the page limit as a limit', () => {
    expect(pagesHint(false)).toBe(
      'One call per page, 0.2 credits each; up to 50 pages, fetched 5 at a time.',
    );
    expect(pagesHint(true)).toBe('1 credit per page of up to 30; up to 50 pages, fetched 5 at a time.');
  });
});

describe('collaborationsRunBlocker', () => {
  const ready = { problem: null, needsConfirmation: true, confirmed: true, running: false };

  it('lets Run start once the form is complete and the cost accepted', () => {
    expect(collaborationsRunBlocker(ready)).toBeNull();
  });

  it('says what to do first', () => {
    expect(collaborationsRunBlocker({ ...ready, confirmed: false })).toBe(
      'Tick the box to accept the cost, then press Run.',
    );
    expect(collaborationsRunBlocker({ ...ready, problem: 'Type the brand.' })).toBe('Type the brand.');
    expect(collaborationsRunBlocker({ ...ready, running: true })).toMatch(/^Working/);
  });
});

describe('run texts', () => {
  it('names the button after what it gets', () => {
    expect(runVerb(POSTS, false, 'posts')).toBe('Get posts');
    expect(runVerb(null, false, 'summary')).toBe('Get summary');
    expect(runVerb(null, true, 'summary')).toBe('Get collaborations');
  });

  it('fills the bar by pages done', () => {
    const progress = (pagesDone: number, finished: boolean): CollaborationsProgress => ({
      run: {
        request: POSTS,
        sheetId: 1,
        sheetName: 'x',
        columns: [],
        rowsWritten: 0,
        pagesDone,
        creditsSpent: 0,
        cursor: 'c',
      },
      finished,
      more: false,
      side: 'influencer',
      destination: "'x'!A2",
      incomplete: null,
      message: '',
    });
    expect(progressPercent(progress(5, false))).toBe(42);
    expect(progressPercent(progress(7, true))).toBe(100);
  });
});
