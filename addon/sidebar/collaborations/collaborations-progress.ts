import type { CollaborationsStart } from '../../bridge-contract/collaborations-api';
import type { JobView } from '../../bridge-contract/sidebar-api';
import { collaborationsJobText } from './collaborations-text';
import { createElement } from '../ui/create-element';
import { isJobActive } from '../jobs/job-progress-text';
import type { SidebarContext } from '../sidebar-context';

export interface CollaborationsProgress {
  element: HTMLElement;
  /** A run started here: a posts job is followed, a summary's message shown at once. */
  started(start: CollaborationsStart): void;
}

/**
 * The section's line on its last run: where a summary went and what it cost (a summary is one
 * call, no job); for a posts job only what its line in the jobs strip below does not say (why it
 * ended early), since the strip is the one place a job's state shows. A posts job still running
 * when the sidebar reopens is picked up again.
 */
export function createCollaborationsProgress(context: SidebarContext): CollaborationsProgress {
  const text = createElement('p', { class: 'collaborations-progress-text' });
  const element = createElement(
    'div',
    { class: 'collaborations-progress', id: 'collaborations-progress', 'aria-live': 'polite', hidden: '' },
    [text],
  );
  /** The posts job this section reports on: the last one started here, or one picked up on open. */
  let followedJob: string | null = null;

  const showResult = (line: string | null): void => {
    element.hidden = line === null;
    text.textContent = line ?? '';
  };

  /** Keeps the section's line in step with the followed job; the jobs strip does the rest. */
  const follow = (job: JobView): void => {
    if (job.kind !== 'collaboration-posts') return;
    // A job still running when the sidebar reopened is this section's to report on.
    if (followedJob === null && isJobActive(job)) followedJob = job.id;
    if (job.id === followedJob) showResult(collaborationsJobText(job));
  };
  for (const tracked of context.jobs.list()) follow(tracked.job);
  context.jobs.subscribe((jobs) => {
    for (const tracked of jobs) follow(tracked.job);
  });

  return {
    element,
    started(start) {
      // A message of an earlier run beside the button would speak of another run.
      context.status.clear();
      if (start.kind === 'job') {
        followedJob = start.job.id;
        // The jobs strip below shows it from now on, and says it started.
        context.jobs.track(start.job);
        follow(start.job);
        return;
      }
      followedJob = null;
      showResult(start.message);
    },
  };
}
