import { PLATFORMS } from '../../shared/platforms';
import type {
  CollaborationsRequest,
  CollaborationsStart,
  CollaborationsSubject,
} from '../shared/collaborations-api';
import type { JobView } from '../shared/sidebar-api';
import { collaborationsCost } from '../shared/collaborations-rules';
import {
  buildCollaborationsRequest,
  type CollaborationsFormField,
  type CollaborationsFormValues,
  fieldsShown,
  initialCollaborationsValues,
  localDay,
} from './collaborations-form';
import {
  collaborationsCostFacts,
  collaborationsCostLine,
  collaborationsJobText,
  collaborationsRunBlocker,
  collaboratorCopy,
  GROUP_HINT,
  OLDER_API_NOTE,
  pagesHint,
  runVerb,
  subjectCopy,
  WINDOW_HINT,
} from './collaborations-text';
import { createCostedRun } from './costed-run';
import { createElement } from './create-element';
import { confirmCostLabel, startLabel } from './estimate-text';
import {
  checkboxField,
  type Field,
  factList,
  radioGroup,
  selectField,
  textField,
  withId,
  withRadioIds,
} from './form-fields';
import { isJobActive } from './job-progress-text';
import { PLATFORM_NAMES } from './search-options';
import type { SectionDefinition, SectionView, SidebarContext } from './sidebar-context';

/** A field's label, hint and placeholder, changed when the choices change. */
function setCopy(
  field: Field<HTMLInputElement>,
  copy: { label: string; hint: string; placeholder: string },
): void {
  const label = field.wrapper.querySelector('label');
  if (label !== null) label.textContent = copy.label;
  const hint = field.wrapper.querySelector('.hint');
  if (hint !== null) hint.textContent = copy.hint;
  field.control.placeholder = copy.placeholder;
}

function dateField(label: string, id: string): Field<HTMLInputElement> {
  const field = withId(textField({ label, placeholder: 'YYYY-MM-DD' }), id);
  // A native date picker: keyboard and screen readers know it; its value is YYYY-MM-DD or ''.
  field.control.type = 'date';
  return field;
}

/**
 * Collaborations: an influencer's or a brand's collaboration posts (paged) or summary (one call),
 * or the older API's collaborations behind a switch; cost shown before Run. Posts run as a worker
 * job (progress, Cancel and Resume on its card in the jobs list, picked up again when the sidebar
 * reopens); this section says where they go and how the job ended.
 */
function renderCollaborationsSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const initial = initialCollaborationsValues();

  const about = withRadioIds(
    radioGroup<CollaborationsSubject>(
      'About',
      [
        { value: 'influencer', label: 'An influencer' },
        { value: 'brand', label: 'A brand' },
      ],
      initial.subject,
    ),
    'collaborations-about',
  );
  const platform = withId(
    selectField(
      'Platform',
      PLATFORMS.map((value) => ({ value, label: PLATFORM_NAMES[value] })),
      initial.platform,
    ),
    'collaborations-platform',
  );
  // Their labels and hints follow the choices (setCopy in changed()); ' ' makes the hint element.
  const subject = withId(textField({ label: 'Influencer', hint: ' ' }), 'collaborations-subject');
  const collaborator = withId(textField({ label: 'Only with', hint: ' ' }), 'collaborations-collaborator');
  const kind = withRadioIds(
    radioGroup<'posts' | 'summary'>(
      'Get',
      [
        { value: 'posts', label: 'Posts, one row each' },
        { value: 'summary', label: 'Summary: totals per partner' },
      ],
      initial.kind,
    ),
    'collaborations-kind',
  );
  const from = dateField('From', 'collaborations-from');
  const to = dateField('To', 'collaborations-to');
  // The legend names the pair for screen readers; the hint states the limits.
  const windowBlock = createElement('fieldset', { class: 'collaborations-window' }, [
    createElement('legend', {}, ['Days the posts were made']),
    createElement('div', { class: 'pair' }, [from.wrapper, to.wrapper]),
    createElement('p', { class: 'hint' }, [WINDOW_HINT]),
  ]);
  const groupByDomain = withId(
    checkboxField('Group brands by domain', initial.groupByDomain, GROUP_HINT),
    'collaborations-group-domains',
  );
  const pages = withId(
    textField({ label: 'Pages', value: initial.pages, inputMode: 'numeric', hint: pagesHint(false) }),
    'collaborations-pages',
  );
  const olderApi = withId(
    checkboxField('Use the older API', false, OLDER_API_NOTE),
    'collaborations-older-api',
  );

  const fieldsByName: Partial<Record<CollaborationsFormField, Field<HTMLElement>>> = {
    platform,
    id: subject,
    collaborator,
    from,
    to,
    pages,
  };

  const progressText = createElement('p', { class: 'collaborations-progress-text' });
  const progressRegion = createElement(
    'div',
    { class: 'collaborations-progress', id: 'collaborations-progress', 'aria-live': 'polite', hidden: '' },
    [progressText],
  );

  let request: CollaborationsRequest | null = null;
  let problem: string | null = null;
  /** The posts job this section reports on: the last one started here, or one picked up on open. */
  let followedJob: string | null = null;

  const readValues = (): CollaborationsFormValues => ({
    olderApi: olderApi.control.checked,
    kind: kind.value(),
    subject: about.value(),
    platform: PLATFORMS.find((value) => value === platform.control.value) ?? 'instagram',
    id: subject.control.value,
    collaborator: collaborator.control.value,
    from: from.control.value,
    to: to.control.value,
    groupByDomain: groupByDomain.control.checked,
    pages: pages.control.value,
  });

  const costed = createCostedRun({
    initialLabel: 'Get posts',
    label: () => {
      const values = readValues();
      const cost = request === null ? null : collaborationsCost(request);
      return startLabel(runVerb(request, values.olderApi, values.kind), cost?.maxCredits ?? null);
    },
    blockReason: () =>
      collaborationsRunBlocker({
        problem,
        needsConfirmation: request === null ? false : collaborationsCost(request).needsConfirmation,
        confirmed: costed.confirmed(),
        starting: costed.running(),
      }),
    run: () => startRun(),
    afterRun: () => {
      // Running again is a new paid action: ask again.
      costed.dropConsent();
      showEstimate();
      costed.refresh();
    },
    ids: {
      button: 'collaborations-run',
      estimate: 'collaborations-estimate',
      confirm: 'collaborations-confirm',
    },
    blockerPrefix: 'collaborations-blocker',
  });

  const showEstimate = (): void => {
    if (request === null) {
      costed.showOther();
      return;
    }
    const cost = collaborationsCost(request);
    costed.showEstimate({
      parts: [
        factList(collaborationsCostFacts(request, cost)),
        createElement('p', { class: 'cost' }, [collaborationsCostLine(request, cost)]),
      ],
      confirmLabel: cost.needsConfirmation ? confirmCostLabel(cost.maxCredits) : null,
    });
  };

  const changed = (): void => {
    const values = readValues();
    const shown = fieldsShown(values);
    kind.fieldset.hidden = !shown.kind;
    collaborator.wrapper.hidden = !shown.collaborator;
    windowBlock.hidden = !shown.window;
    pages.wrapper.hidden = !shown.pages;
    groupByDomain.wrapper.hidden = !shown.groupByDomain;
    setCopy(subject, subjectCopy(values.subject, values.platform));
    setCopy(collaborator, collaboratorCopy(values.subject, values.platform));
    const pagesHintText = pages.wrapper.querySelector('.hint');
    if (pagesHintText !== null) pagesHintText.textContent = pagesHint(values.olderApi);
    const today = localDay(new Date());
    from.control.max = today;
    to.control.max = today;

    const result = buildCollaborationsRequest(values, today);
    for (const field of Object.values(fieldsByName)) field.setError(null);
    problem = null;
    if (!result.ok) {
      for (const error of result.errors) {
        // An empty subject is the form not filled in yet, not a mistake to paint red.
        const untouched = error.field === 'id' && values.id.trim() === '';
        if (!untouched) fieldsByName[error.field]?.setError(error.message);
        problem ??= untouched ? error.message : 'Correct the fields marked in red first.';
      }
    }
    request = result.ok ? result.request : null;
    // Consent was given for another request's cost; ask again.
    costed.consentFor(request === null ? null : JSON.stringify(request));
    showEstimate();
    costed.refresh();
  };

  const showResult = (text: string): void => {
    progressRegion.hidden = false;
    progressText.textContent = text;
  };

  /** Keeps the section's line in step with the followed job; the job card does the rest. */
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

  const started = (start: CollaborationsStart): void => {
    if (start.kind === 'job') {
      followedJob = start.job.id;
      context.jobs.track(start.job);
      follow(start.job);
      context.status.success(`Collaborations started. ${start.job.message}`);
      return;
    }
    followedJob = null;
    showResult(start.message);
    context.status.success(start.message);
  };

  async function startRun(): Promise<void> {
    const current = request;
    if (current === null) return;
    try {
      started(await context.server.startCollaborations(current, costed.confirmed()));
    } catch (error) {
      context.fail('get the collaborations', error);
    }
  }

  about.onChange(changed);
  kind.onChange(changed);
  for (const field of [subject, collaborator, pages]) field.control.addEventListener('input', changed);
  for (const field of [from, to]) {
    field.control.addEventListener('input', changed);
    field.control.addEventListener('change', changed);
  }
  for (const field of [platform, groupByDomain, olderApi]) field.control.addEventListener('change', changed);

  panel.replaceChildren(
    createElement('h2', {}, ['Collaborations']),
    createElement('p', { class: 'intro' }, [
      'Posts where an influencer promotes brands, or where influencers post for a brand, and their totals. Results go into a new tab.',
    ]),
    about.fieldset,
    platform.wrapper,
    subject.wrapper,
    kind.fieldset,
    collaborator.wrapper,
    windowBlock,
    groupByDomain.wrapper,
    pages.wrapper,
    createElement('div', { class: 'collaborations-older' }, [olderApi.wrapper]),
    ...costed.elements,
    progressRegion,
  );
  changed();
  return {};
}

export const collaborationsSection: SectionDefinition = {
  title: 'Collabs',
  render: renderCollaborationsSection,
};
