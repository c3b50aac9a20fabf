import type { SidebarSection } from '../../bridge-contract/sidebar-section';
import { createElement } from '../ui/create-element';
import { uniqueId } from '../ui/form-fields';
import {
  isJobActive,
  JOB_KIND_TITLES,
  jobDestination,
  jobDetails,
  jobEndedText,
  jobLine,
  jobPercent,
} from './job-progress-text';
import { sectionJobs } from './job-sections';
import type { JobTracker, TrackedJob } from './job-tracker';

/**
 * One job of a strip: a line that says how far it is or how it ended, rows, credits and where it
 * writes (a button that shows or hides the details), Dismiss once it has ended, and below it the
 * details: the bar, what and where, what the numbers do not say, Cancel and Resume.
 */
interface JobRow {
  element: HTMLElement;
  /** The line's button, to take the focus when a job above is dismissed. */
  toggle: HTMLButtonElement;
  update(tracked: TrackedJob): void;
}

interface JobRowParts {
  toggle: HTMLButtonElement;
  what: HTMLElement;
  state: HTMLElement;
  bar: HTMLProgressElement;
  where: HTMLElement;
  notes: HTMLElement;
  problem: HTMLElement;
  cancel: HTMLButtonElement;
  resume: HTMLButtonElement;
  dismiss: HTMLButtonElement;
  details: HTMLElement;
}

function rowParts(): JobRowParts {
  const lineId = uniqueId('job-line');
  const detailsId = uniqueId('job-details');
  const what = createElement('span', { class: 'job-what' });
  const state = createElement('span', { class: 'job-state' });
  const toggle = createElement(
    'button',
    { type: 'button', class: 'job-toggle', id: lineId, 'aria-controls': detailsId, 'aria-expanded': 'false' },
    [state, what],
  );
  const small = (label: string): HTMLButtonElement => {
    const control = createElement('button', { type: 'button', class: 'button small' }, [label]);
    control.setAttribute('aria-describedby', lineId);
    return control;
  };
  // A mark, so the line keeps its room; its name is the word.
  const dismiss = createElement(
    'button',
    {
      type: 'button',
      class: 'job-dismiss',
      'aria-label': 'Dismiss',
      title: 'Dismiss',
      'aria-describedby': lineId,
    },
    ['×'],
  );
  const bar = createElement('progress', { max: '100', 'aria-labelledby': lineId });
  const where = createElement('p', { class: 'job-destination' });
  const notes = createElement('div', { class: 'job-notes' });
  const cancel = small('Cancel');
  const resume = small('Resume');
  const details = createElement('div', { class: 'job-details', id: detailsId, hidden: '' }, [
    bar,
    where,
    notes,
    createElement('div', { class: 'actions' }, [cancel, resume]),
  ]);
  const problem = createElement('p', { class: 'job-problem', role: 'alert' });
  return {
    toggle,
    what,
    state,
    bar,
    where,
    notes,
    problem,
    cancel,
    resume,
    dismiss,
    details,
  };
}

function createJobRow(initial: TrackedJob, tracker: JobTracker, onDismiss: () => void): JobRow {
  const jobId = initial.job.id;
  const parts = rowParts();
  const { toggle, cancel, resume, dismiss, details } = parts;
  // Running jobs show their bar and Cancel; finished ones fold to their line.
  let expanded = isJobActive(initial.job);
  let wasActive = expanded;
  const showExpanded = (): void => {
    toggle.setAttribute('aria-expanded', String(expanded));
    details.hidden = !expanded;
  };
  toggle.addEventListener('click', () => {
    expanded = !expanded;
    showExpanded();
  });
  cancel.addEventListener('click', () => {
    cancel.disabled = true;
    // The tracker puts a failed cancel in the job's problem line.
    tracker
      .cancel(jobId)
      .catch(() => undefined)
      .finally(() => {
        cancel.disabled = false;
      });
  });
  resume.addEventListener('click', () => tracker.resume(jobId));
  dismiss.addEventListener('click', () => {
    onDismiss();
    tracker.dismiss(jobId);
  });

  const element = createElement('li', { class: 'job', 'data-kind': initial.job.kind }, [
    createElement('div', { class: 'job-line' }, [toggle, dismiss]),
    parts.problem,
    details,
  ]);
  element.dataset.title = JOB_KIND_TITLES[initial.job.kind];

  const update = (tracked: TrackedJob): void => {
    const active = isJobActive(tracked.job);
    if (wasActive && !active) expanded = false;
    wasActive = active;
    showJob(parts, tracked);
    element.dataset.status = tracked.job.status;
    showExpanded();
  };
  update(initial);
  return { element, toggle, update };
}

/** "'E-mail enrichment'!A2" as a line shows it: "E-mail enrichment!A2" (the details keep the quotes). */
function shortPlace(destination: string): string {
  const quoted = /^'((?:[^']|'')*)'!(.*)$/.exec(destination);
  return quoted === null ? destination : `${quoted[1].replace(/''/g, "'")}!${quoted[2]}`;
}

/** The job's numbers and words into its row. */
function showJob(parts: JobRowParts, { job, polling, problem }: TrackedJob): void {
  const active = isJobActive(job);
  // The separator goes with the place, so a line too narrow for it loses both.
  parts.what.textContent = ` · ${job.destination === '' ? JOB_KIND_TITLES[job.kind] : shortPlace(job.destination)}`;
  parts.state.textContent = jobLine(job);
  // The line is cut to one line when narrow: all of it on hover, and in the details.
  parts.toggle.title = `${JOB_KIND_TITLES[job.kind]}, ${job.destination}: ${jobLine(job)}`;
  const percent = jobPercent(job);
  // A progress element without a value is indeterminate: the total is not known yet.
  if (percent === null) parts.bar.removeAttribute('value');
  else parts.bar.value = percent;
  parts.bar.setAttribute('aria-valuetext', jobLine(job));
  parts.where.textContent = [JOB_KIND_TITLES[job.kind], jobDestination(job)].filter(Boolean).join(': ');
  parts.notes.replaceChildren(...jobDetails(job).map((line) => createElement('p', {}, [line])));
  parts.problem.textContent = problem ?? '';
  parts.problem.hidden = problem === null;
  parts.cancel.hidden = !active;
  parts.resume.hidden = !active || polling;
  parts.dismiss.hidden = active;
}

/**
 * A section's jobs strip (issue 15): the jobs started from the section, newest first, one line
 * each, under the section's own controls; updated in place, so a focused Cancel keeps its focus
 * while the numbers change. Its live line says when a job starts and ends. Hidden with no jobs.
 */
export function createJobStrip(tracker: JobTracker, section: SidebarSection): HTMLElement {
  const headingId = uniqueId('jobs-strip-title');
  const heading = createElement('h3', { class: 'jobs-strip-title', id: headingId, tabindex: '-1' }, ['Jobs']);
  const list = createElement('ul', { class: 'job-list' });
  const said = createElement('p', { class: 'visually-hidden', 'aria-live': 'polite' });
  const strip = createElement('section', { class: 'jobs-strip', 'aria-labelledby': headingId, hidden: '' }, [
    heading,
    list,
    said,
  ]);
  const rows = new Map<string, JobRow>();
  const lastStatus = new Map<string, string>();
  /** Jobs already there when the strip is made were started before: only later ones are news. */
  let shown = false;

  /** After a Dismiss, the focus goes to the line below (or above), else to the strip's heading. */
  const focusAfter = (element: HTMLElement): void => {
    const sibling = element.nextElementSibling ?? element.previousElementSibling;
    const next = [...rows.values()].find((row) => row.element === sibling);
    queueMicrotask(() => (next === undefined ? heading.focus() : next.toggle.focus()));
  };

  const show = (all: readonly TrackedJob[]): void => {
    const jobs = sectionJobs(all, section);
    const ids = new Set(jobs.map((tracked) => tracked.job.id));
    for (const [id, row] of rows) {
      if (ids.has(id)) continue;
      row.element.remove();
      rows.delete(id);
      lastStatus.delete(id);
    }
    // Oldest first, so that each new row goes on top.
    for (const tracked of [...jobs].reverse()) {
      const { job } = tracked;
      const row = rows.get(job.id);
      if (row === undefined) {
        const created: JobRow = createJobRow(tracked, tracker, () => focusAfter(created.element));
        rows.set(job.id, created);
        list.prepend(created.element);
        if (shown && isJobActive(job)) said.textContent = `${JOB_KIND_TITLES[job.kind]} started.`;
      } else {
        row.update(tracked);
      }
      const before = lastStatus.get(job.id);
      if (before !== undefined && before !== job.status && !isJobActive(job))
        said.textContent = jobEndedText(job);
      lastStatus.set(job.id, job.status);
    }
    strip.hidden = jobs.length === 0;
    shown = true;
  };
  show(tracker.list());
  tracker.subscribe(show);
  return strip;
}
