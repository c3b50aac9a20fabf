import type { CollaborationsRequest } from '../../../../addon/bridge-contract/collaborations-api';
import type { JobView } from '../../../../addon/bridge-contract/sidebar-api';
import { collaborationsCost } from '../../../../addon/bridge-contract/collaborations-rules';
import {
  collaborationsCostFacts,
  collaborationsCostLine,
  collaborationsJobText,
  collaborationsRunBlocker,
  pagesHint,
  runVerb,
} from '../../../../addon/sidebar/collaborations/collaborations-text';

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
      'One call per page, 0.2 credits each; up to 50 pages, fetched by the worker (the sidebar may close meanwhile).',
    );
    expect(pagesHint(true)).toMatch(/^1 credit per page of up to 30; up to 50 pages, /);
  });
});

describe('collaborationsRunBlocker', () => {
  const ready = { problem: null, needsConfirmation: true, confirmed: true, starting: false };

  it('lets Run start once the form is complete and the cost accepted', () => {
    expect(collaborationsRunBlocker(ready)).toBeNull();
  });

  it('says what to do first', () => {
    expect(collaborationsRunBlocker({ ...ready, confirmed: false })).toBe(
      'Tick the box to accept the cost, then press Run.',
    );
    expect(collaborationsRunBlocker({ ...ready, problem: 'Type the brand.' })).toBe('Type the brand.');
    expect(collaborationsRunBlocker({ ...ready, starting: true })).toBe('Starting: wait a moment.');
  });
});

describe('run texts', () => {
  it('names the button after what it gets', () => {
    expect(runVerb(POSTS, false, 'posts')).toBe('Get posts');
    expect(runVerb(null, false, 'summary')).toBe('Get summary');
    expect(runVerb(null, true, 'summary')).toBe('Get collaborations');
  });

  const job = (change: Partial<JobView>): JobView => ({
    id: 'j1',
    kind: 'collaboration-posts',
    status: 'running',
    done: 30,
    total: 500,
    creditsSpent: 0.2,
    errors: 0,
    lastError: null,
    rowsWritten: 30,
    destination: "'Collabs posts @ana'!A2",
    message: 'Done: 90 rows written, 0.6 credits spent.',
    ...change,
  });

  it("leaves a job's progress and outcome to its line in the jobs strip: nothing said twice", () => {
    for (const status of ['queued', 'running', 'done', 'failed'] as const) {
      expect(collaborationsJobText(job({ status }))).toBeNull();
    }
  });

  it('says only why a job ended early, and what running again does after a cancel', () => {
    expect(
      collaborationsJobText(job({ status: 'done', lastError: 'Ended early: the cursor expired.' })),
    ).toBe('Ended early: the cursor expired.');
    expect(collaborationsJobText(job({ status: 'cancelled', message: 'Cancelled: 30 rows written.' }))).toBe(
      'Running it again starts over from the first page.',
    );
  });
});
