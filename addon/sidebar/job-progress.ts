import { createElement } from './create-element';
import { failureText } from './error-text';
import { uniqueId } from './form-fields';
import type { JobTracker, TrackedJob } from './job-tracker';
import {
  isJobActive,
  JOB_KIND_TITLES,
  jobCounts,
  jobDestination,
  jobHeadline,
  jobPercent,
} from './job-progress-text';
import type { StatusArea } from './status-area';

/** One job's card: title, progress bar, counts, the server's message, and its buttons. */
interface JobCard {
  element: HTMLElement;
  update(tracked: TrackedJob): void;
}

function createJobCard(initial: TrackedJob, tracker: JobTracker, status: StatusArea): JobCard {
  const jobId = initial.job.id;
  const titleId = uniqueId('job-title');
  const title = createElement('h3', { id: titleId }, [JOB_KIND_TITLES[initial.job.kind]]);
  const bar = createElement('progress', { max: '100', 'aria-labelledby': titleId });
  const headline = createElement('p', { class: 'job-headline' });
  const counts = createElement('p', { class: 'job-counts' });
  const destination = createElement('p', { class: 'job-destination' });
  const message = createElement('p', { class: 'job-message' });
  const problem = createElement('p', { class: 'job-problem', role: 'alert' });
  const cancel = createElement('button', { type: 'button', class: 'button small' }, ['Cancel']);
  const resume = createElement('button', { type: 'button', class: 'button small' }, ['Resume']);
  const dismiss = createElement('button', { type: 'button', class: 'button small' }, ['Dismiss']);
  cancel.setAttribute('aria-describedby', titleId);
  dismiss.setAttribute('aria-describedby', titleId);

  cancel.addEventListener('click', () => {
    cancel.disabled = true;
    tracker
      .cancel(jobId)
      .catch((error: unknown) => status.error(failureText('cancel the job', error)))
      .finally(() => {
        cancel.disabled = false;
      });
  });
  resume.addEventListener('click', () => tracker.resume(jobId));
  dismiss.addEventListener('click', () => tracker.dismiss(jobId));

  const element = createElement('article', { class: 'job', 'aria-labelledby': titleId }, [
    title,
    bar,
    headline,
    counts,
    destination,
    message,
    problem,
    createElement('div', { class: 'actions' }, [cancel, resume, dismiss]),
  ]);

  const update = ({ job, polling, problem: trouble }: TrackedJob): void => {
    const percent = jobPercent(job);
    // A progress element without a value is indeterminate: the total is not known yet.
    if (percent === null) bar.removeAttribute('value');
    else bar.value = percent;
    bar.setAttribute('aria-valuetext', jobHeadline(job));
    headline.textContent = jobHeadline(job);
    counts.textContent = jobCounts(job);
    destination.textContent = jobDestination(job);
    message.textContent =
      job.lastError === null ? job.message : `${job.message} Last error: ${job.lastError}`;
    problem.textContent = trouble ?? '';
    problem.hidden = trouble === null;
    const active = isJobActive(job);
    element.dataset.status = job.status;
    cancel.hidden = !active;
    resume.hidden = !active || polling;
    dismiss.hidden = active;
  };
  update(initial);
  return { element, update };
}

/**
 * The jobs panel of the shell: one card per followed job, updated in place (so a focused Cancel
 * button keeps its focus while the numbers change), announcing when a job ends.
 */
export function mountJobList(container: HTMLElement, tracker: JobTracker, status: StatusArea): void {
  const cards = new Map<string, JobCard>();
  const lastStatus = new Map<string, string>();
  const heading = createElement('h2', { class: 'visually-hidden' }, ['Jobs']);
  const list = createElement('div', { class: 'job-list' });
  container.replaceChildren(heading, list);
  container.hidden = true;

  tracker.subscribe((jobs) => {
    const ids = new Set(jobs.map((tracked) => tracked.job.id));
    for (const [id, card] of cards) {
      if (!ids.has(id)) {
        card.element.remove();
        cards.delete(id);
        lastStatus.delete(id);
      }
    }
    for (const tracked of jobs) {
      const { job } = tracked;
      let card = cards.get(job.id);
      if (card === undefined) {
        card = createJobCard(tracked, tracker, status);
        cards.set(job.id, card);
        list.append(card.element);
      } else {
        card.update(tracked);
      }
      const before = lastStatus.get(job.id);
      if (before !== undefined && before !== job.status && !isJobActive(job)) {
        const title = JOB_KIND_TITLES[job.kind];
        if (job.status === 'failed') status.error(`${title} failed: ${job.lastError ?? job.message}`);
        else status.success(`${title}: ${job.message}`);
      }
      lastStatus.set(job.id, job.status);
    }
    container.hidden = jobs.length === 0;
  });
}
