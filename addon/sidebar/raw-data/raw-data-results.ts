import type { RawFeedUsage, RawPullRequest, RawPullStart } from '../../bridge-contract/raw-data-api';
import { rawCursorParam, rawOperation } from '../../bridge-contract/raw-data-operations';
import type { JobView } from '../../bridge-contract/sidebar-api';
import { createElement } from '../ui/create-element';
import { failureText } from '../server-calls/error-text';
import { isJobActive } from '../jobs/job-progress-text';
import type { RawAllowancePanel } from './raw-data-allowance';
import { offerCursor, paramValue } from './raw-data-form-state';
import type { RawOperationPanel } from './raw-data-operation-panel';
import type { RawPage } from './raw-data-page';
import { feedMoreText, feedSpendText, tableResultText } from './raw-data-result-text';

export interface RawResults {
  element: HTMLElement;
  /** A pull started: a table is written at once; a feed is a job, reported when it ends. */
  pulled(start: RawPullStart, sent: RawPullRequest): void;
}

/**
 * What a pull did, exactly: the rows and raw requests of a table at once; for a feed, which runs
 * as a job, what it spent once it ends and where it goes on (the cursor placed in the form). A
 * feed's progress, outcome, rows and tab are on its line in the jobs strip below, and only there
 * (issue 15: "Done" was said twice), so this says nothing while it runs.
 */
export function createRawResults(
  page: RawPage,
  parts: { allowance: RawAllowancePanel; operation: RawOperationPanel },
): RawResults {
  const element = createElement('div', {
    id: 'raw-data-result',
    class: 'raw-data-result',
    'aria-live': 'polite',
  });
  /** Feed jobs started here, with the query each asked for (to offer its cursor afterwards). */
  const started = new Map<string, Record<string, string>>();
  /** Feed jobs seen running, reported when they end. */
  const watching = new Set<string>();
  const show = (lines: readonly string[]): void => {
    element.replaceChildren(...lines.map((line) => createElement('p', {}, [line])));
  };

  /** Offers the cursor where the feed goes on in the form; true when it was placed. */
  const placeCursor = (usage: RawFeedUsage, query: Record<string, string>): boolean => {
    const next = offerCursor(page.state, usage, query);
    const placed = next !== page.state;
    page.state = next;
    const operation = rawOperation(usage.operation);
    const cursor = operation === null ? null : rawCursorParam(operation);
    const field = cursor === null ? undefined : parts.operation.param(cursor.name);
    if (placed && operation?.id === page.state.operation && field !== undefined && cursor !== null) {
      field.control.value = paramValue(page.state, cursor);
    }
    return placed;
  };

  /** A feed job ended: what it spent, exactly, and where the feed goes on. */
  const reportFeed = async (job: JobView): Promise<void> => {
    try {
      const usage = await page.context.server.getRawFeedUsage(job.id);
      const query = started.get(job.id);
      const placed = query === undefined ? false : placeCursor(usage, query);
      parts.allowance.spent(usage);
      const more = feedMoreText(usage, placed);
      show(more === null ? [feedSpendText(usage)] : [feedSpendText(usage), more]);
      page.changed();
    } catch (error) {
      show([failureText('read what the pull spent', error)]);
    }
  };

  const follow = (job: JobView): void => {
    if (job.kind !== 'raw-feed') return;
    if (isJobActive(job)) watching.add(job.id);
    else if (watching.delete(job.id)) void reportFeed(job);
  };
  for (const tracked of page.context.jobs.list()) follow(tracked.job);
  page.context.jobs.subscribe((jobs) => {
    for (const tracked of jobs) follow(tracked.job);
  });

  return {
    element,
    pulled(start, sent) {
      // A message of an earlier pull beside the button would speak of another pull.
      page.context.status.clear();
      if (start.kind === 'job') {
        started.set(start.job.id, sent.query);
        watching.add(start.job.id);
        // The jobs strip below shows it from now on, and says it started.
        show([]);
        page.context.jobs.track(start.job);
        // The first poll may already have seen the end (a short feed).
        follow(start.job);
        return;
      }
      parts.allowance.spent(start.usage);
      show([tableResultText(start)]);
    },
  };
}
