import { PLATFORMS } from '../../../shared/platforms';
import type { CollaborationsSubject } from '../../bridge-contract/collaborations-api';
import {
  type CollaborationsFormField,
  type CollaborationsFormResult,
  type CollaborationsFormValues,
  fieldsShown,
} from './collaborations-form';
import {
  collaboratorCopy,
  GROUP_HINT,
  OLDER_API_NOTE,
  pagesHint,
  subjectCopy,
  WINDOW_HINT,
} from './collaborations-text';
import { createElement } from '../ui/create-element';
import {
  checkboxField,
  type Field,
  radioGroup,
  selectField,
  textField,
  withId,
  withRadioIds,
} from '../ui/form-fields';
import { PLATFORM_NAMES } from '../search/search-options';
import { createTabModeField, type TabModeField } from '../ui/tab-mode-field';

export interface CollaborationsFormPanel {
  elements: readonly Node[];
  read(): CollaborationsFormValues;
  /** Shows the fields the choices call for, with their words; no day after `today` is offered. */
  showChoices(values: CollaborationsFormValues, today: string): void;
  /** Marks the mistakes on their fields; answers what to say under Run, or null. */
  showErrors(result: CollaborationsFormResult, values: CollaborationsFormValues): string | null;
  /** New tab, replace or append (issue 15), and the document's tabs it offers. */
  tabMode: TabModeField;
}

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

/** Whose collaborations: an influencer's or a brand's, on a platform, with whom. */
function subjectFields(initial: CollaborationsFormValues) {
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
  // Their labels and hints follow the choices (setCopy in showChoices); ' ' makes the hint element.
  const subject = withId(textField({ label: 'Influencer', hint: ' ' }), 'collaborations-subject');
  const collaborator = withId(textField({ label: 'Only with', hint: ' ' }), 'collaborations-collaborator');
  return { about, platform, subject, collaborator };
}

/** What to get, from which days, and how much. */
function scopeFields(initial: CollaborationsFormValues) {
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
  return { kind, from, to, windowBlock, groupByDomain, pages, olderApi };
}

type SubjectFields = ReturnType<typeof subjectFields>;
type ScopeFields = ReturnType<typeof scopeFields>;

function watch(s: SubjectFields, w: ScopeFields, changed: () => void): void {
  s.about.onChange(changed);
  w.kind.onChange(changed);
  for (const field of [s.subject, s.collaborator, w.pages]) field.control.addEventListener('input', changed);
  for (const field of [w.from, w.to]) {
    field.control.addEventListener('input', changed);
    field.control.addEventListener('change', changed);
  }
  for (const field of [s.platform, w.groupByDomain, w.olderApi])
    field.control.addEventListener('change', changed);
}

function showChoices(
  s: SubjectFields,
  w: ScopeFields,
  values: CollaborationsFormValues,
  today: string,
): void {
  const shown = fieldsShown(values);
  w.kind.fieldset.hidden = !shown.kind;
  s.collaborator.wrapper.hidden = !shown.collaborator;
  w.windowBlock.hidden = !shown.window;
  w.pages.wrapper.hidden = !shown.pages;
  w.groupByDomain.wrapper.hidden = !shown.groupByDomain;
  setCopy(s.subject, subjectCopy(values.subject, values.platform));
  setCopy(s.collaborator, collaboratorCopy(values.subject, values.platform));
  const pagesHintText = w.pages.wrapper.querySelector('.hint');
  if (pagesHintText !== null) pagesHintText.textContent = pagesHint(values.olderApi);
  w.from.control.max = today;
  w.to.control.max = today;
}

function showErrors(
  fields: Partial<Record<CollaborationsFormField, Field<HTMLElement>>>,
  result: CollaborationsFormResult,
  values: CollaborationsFormValues,
): string | null {
  for (const field of Object.values(fields)) field.setError(null);
  let problem: string | null = null;
  if (!result.ok) {
    for (const error of result.errors) {
      // An empty subject is the form not filled in yet, not a mistake to paint red.
      const untouched = error.field === 'id' && values.id.trim() === '';
      if (!untouched) fields[error.field]?.setError(error.message);
      problem ??= untouched ? error.message : 'Correct the fields marked in red first.';
    }
  }
  return problem;
}

/** The Collaborations form: whose, what, which days, how much, and the older API's switch. */
export function createCollaborationsFormPanel(
  initial: CollaborationsFormValues,
  changed: () => void,
): CollaborationsFormPanel {
  const s = subjectFields(initial);
  const w = scopeFields(initial);
  const tabName = withId(
    textField({ label: 'New tab name', placeholder: 'Made from the request', value: initial.tabName }),
    'collaborations-tab-name',
  );
  const tabMode = createTabModeField(tabName, 'collaborations');
  tabMode.set(initial.tabMode);
  tabName.control.addEventListener('input', changed);
  tabMode.field.control.addEventListener('change', changed);
  const { platform, subject: id, collaborator } = s;
  const fields = {
    platform,
    id,
    collaborator,
    from: w.from,
    to: w.to,
    pages: w.pages,
    tabMode: tabMode.field,
  };
  watch(s, w, changed);
  return {
    elements: [
      s.about.fieldset,
      s.platform.wrapper,
      s.subject.wrapper,
      w.kind.fieldset,
      s.collaborator.wrapper,
      w.windowBlock,
      w.groupByDomain.wrapper,
      w.pages.wrapper,
      tabName.wrapper,
      ...tabMode.elements,
      createElement('div', { class: 'collaborations-older' }, [w.olderApi.wrapper]),
    ],
    tabMode,
    read: () => ({
      olderApi: w.olderApi.control.checked,
      kind: w.kind.value(),
      subject: s.about.value(),
      platform: PLATFORMS.find((value) => value === s.platform.control.value) ?? 'instagram',
      id: s.subject.control.value,
      collaborator: s.collaborator.control.value,
      from: w.from.control.value,
      to: w.to.control.value,
      groupByDomain: w.groupByDomain.control.checked,
      pages: w.pages.control.value,
      tabName: tabName.control.value,
      tabMode: tabMode.mode(),
    }),
    showChoices: (values, today) => showChoices(s, w, values, today),
    showErrors: (result, values) => showErrors(fields, result, values),
  };
}
