import { aiPageProgressText } from '../../bridge-contract/ai-search-plan';
import type { AiSearchRequest } from '../../bridge-contract/ai-search-api';
import type { JobView } from '../../bridge-contract/sidebar-api';
import { createElement } from '../ui/create-element';
import { isJobActive } from '../jobs/job-progress-text';
import type { SidebarContext } from '../sidebar-context';

export interface AiSearchProgress {
  element: HTMLElement;
  /** A search started here: its page line follows the job. */
  started(job: JobView, request: AiSearchRequest): void;
}

/**
 * The page line of the AI searches started here ("page 2 of 5") while the job runs; the jobs
 * strip counts rows and says how it ended, and only this section knows the pages asked for.
 */
export function createAiSearchProgress(context: SidebarContext): AiSearchProgress {
  const element = createElement('p', {
    class: 'ai-search-progress',
    id: 'ai-search-progress',
    'aria-live': 'polite',
    hidden: '',
  });
  const plans = new Map<string, { pageSize: number; pages: number }>();
  const show = (jobs: readonly { job: JobView }[]): void => {
    const mine = jobs.filter(({ job }) => plans.has(job.id));
    const latest = mine[mine.length - 1]?.job;
    if (latest === undefined) {
      element.hidden = true;
      return;
    }
    const plan = plans.get(latest.id);
    if (plan === undefined) return;
    // How it ended is the jobs strip's to say, once (issue 15).
    element.hidden = !isJobActive(latest);
    element.textContent = `AI search running: ${aiPageProgressText(latest.done, plan.pageSize, plan.pages)}.`;
  };
  context.jobs.subscribe(show);
  return {
    element,
    started(job, request) {
      plans.set(job.id, { pageSize: request.pageSize, pages: request.pages });
    },
  };
}
