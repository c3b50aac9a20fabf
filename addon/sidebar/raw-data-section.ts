import type { RawAllowance, RawPullRequest, RawPullStart } from '../shared/raw-data-api';
import {
  confirmUnitsLabel,
  estimateRawPull,
  rawRunLabel,
  type RawPullEstimate,
} from '../shared/raw-data-estimate';
import {
  RAW_DATA_OPERATIONS,
  RAW_PLATFORM_NAMES,
  rawCursorParam,
  rawOperation,
  rawOperationGroups,
  type RawOperation,
} from '../shared/raw-data-operations';
import { buildRawPull, RAW_MAX_PAGES, RAW_MAX_ROWS, type RawFormField } from '../shared/raw-data-request';
import type { JobView } from '../shared/sidebar-api';
import { whileBusy } from './busy';
import { formatCount } from './count-text';
import { createElement } from './create-element';
import { failureText } from './error-text';
import { button, checkboxField, type Field, selectField, textField } from './form-fields';
import { isJobActive } from './job-progress-text';
import {
  initialRawFormState,
  offerCursor,
  paramValue,
  rawFormValues,
  type RawFormState,
  selectOperation,
  setParam,
  setTabName,
} from './raw-data-form-state';
import {
  afterPull,
  allowanceText,
  feedMoreText,
  feedResultText,
  tableResultText,
} from './raw-data-result-text';
import { rawRunBlocker } from './raw-data-run-state';
import type { SectionDefinition, SectionView, SidebarContext } from './sidebar-context';

/** The operation shown first: a feed, the section's main use. */
const FIRST_OPERATION = 'rawIgUserFeed';

/** Gives a field the stable id browser tests look for, keeping its label tied to it. */
function withId<C extends HTMLElement>(field: Field<C>, id: string): Field<C> {
  field.control.id = id;
  field.wrapper.querySelector('label')?.setAttribute('for', id);
  return field;
}

/** "Account (required)", "Start after (cursor) (optional)": the mark is part of the label. */
function markLabel(field: Field<HTMLInputElement>, required: boolean): void {
  const label = field.wrapper.querySelector('label');
  label?.append(
    createElement('span', { class: 'raw-data-mark' }, [required ? ' (required)' : ' (optional)']),
  );
  if (required) field.control.setAttribute('aria-required', 'true');
}

/**
 * Raw data: pick an operation (grouped by platform), fill in its own parameters, choose how many
 * pages (or until done), see what it spends of the monthly raw allowance, pull into a new tab. A
 * feed runs as a job (progress, cancel, resume in the jobs list); when it ends, the section says
 * exactly how many pages and raw requests it took, and where the feed goes on.
 */
function renderRawDataSection(panel: HTMLElement, context: SidebarContext): SectionView {
  let state: RawFormState = initialRawFormState(FIRST_OPERATION);
  /** Raw requests left and what limits them; undefined while unknown yet (loading). */
  let allowance: RawAllowance | undefined;
  let request: RawPullRequest | null = null;
  let estimate: RawPullEstimate | null = null;
  let confirmed = false;
  let confirmedFor: string | null = null;
  /** Fields the user has left once: their errors show from then on (not while still empty). */
  const touched = new Set<RawFormField>();
  /** Feed jobs started here, with the query each asked for (to offer its cursor afterwards). */
  const started = new Map<string, Record<string, string>>();
  /** Feed jobs seen running, reported when they end. */
  const watching = new Set<string>();

  const current = (): RawOperation => rawOperation(state.operation) ?? RAW_DATA_OPERATIONS[0];

  // Allowance.
  const allowanceLine = createElement('p', { id: 'raw-data-allowance', class: 'raw-data-allowance' }, [
    'Checking the raw requests left…',
  ]);
  const refresh = button('Refresh', { small: true });
  refresh.id = 'raw-data-refresh';
  refresh.setAttribute('aria-label', 'Refresh the raw requests left');
  const showAllowance = (): void => {
    allowanceLine.textContent =
      allowance === undefined ? 'Checking the raw requests left…' : allowanceText(allowance);
  };

  // Operation.
  const operationField = withId(selectField('Operation', []), 'raw-data-operation');
  operationField.control.replaceChildren(
    ...rawOperationGroups().map((group) =>
      createElement(
        'optgroup',
        { label: group.label },
        group.operations.map((operation) =>
          createElement('option', { value: operation.id }, [operation.label]),
        ),
      ),
    ),
  );
  operationField.control.value = state.operation;
  const description = createElement('p', { class: 'hint', id: 'raw-data-description' });
  operationField.control.setAttribute('aria-describedby', description.id);

  // The operation's own parameters, rebuilt when the operation changes.
  const paramsBox = createElement('fieldset', { id: 'raw-data-params', class: 'raw-data-params' });
  let paramFields = new Map<string, Field<HTMLInputElement>>();
  const renderParams = (): void => {
    const operation = current();
    paramFields = new Map();
    const wrappers = operation.params.map((item) => {
      const field = withId(
        textField({
          label: item.label,
          hint: item.hint,
          placeholder: item.placeholder === '' ? undefined : item.placeholder,
          value: paramValue(state, item),
        }),
        `raw-data-param-${item.name}`,
      );
      markLabel(field, item.required);
      field.control.addEventListener('input', () => {
        state = setParam(state, item.name, field.control.value);
        changed();
      });
      field.control.addEventListener('change', () => {
        touched.add(`param:${item.name}`);
        changed();
      });
      paramFields.set(item.name, field);
      return field.wrapper;
    });
    paramsBox.replaceChildren(
      createElement('legend', {}, [
        `${RAW_PLATFORM_NAMES[operation.platform]} ${operation.label.toLowerCase()}`,
      ]),
      ...wrappers,
    );
  };

  // Pages (paged operations) or all fields (one-request operations).
  const pages = withId(
    textField({
      label: 'Pages',
      value: state.pages,
      inputMode: 'numeric',
      hint: `1 to ${formatCount(RAW_MAX_PAGES)}; each page is one raw request.`,
    }),
    'raw-data-pages',
  );
  const untilDone = withId(
    checkboxField(
      'Until done',
      state.untilDone,
      `Follows the feed to its end, at most ${formatCount(RAW_MAX_PAGES)} pages or ${formatCount(RAW_MAX_ROWS)} rows.`,
    ),
    'raw-data-until-done',
  );
  const pagingBox = createElement('div', { class: 'raw-data-paging' }, [pages.wrapper, untilDone.wrapper]);
  const allFields = withId(
    checkboxField(
      'All fields',
      state.allFields,
      "Every field of the answer, one column each (a video's comments_cursor, for one), instead of the useful columns.",
    ),
    'raw-data-all-fields',
  );

  const tabName = withId(
    textField({
      label: 'New tab name',
      value: state.tabName,
      hint: 'Made from the operation until you change it.',
    }),
    'raw-data-tab-name',
  );

  const estimateRegion = createElement('div', {
    id: 'raw-data-estimate',
    class: 'estimate',
    'aria-live': 'polite',
  });
  const otherErrors = createElement('ul', { class: 'field-error', role: 'alert', hidden: '' });
  const run = button(rawRunLabel(null), { primary: true });
  run.id = 'raw-data-run';
  const blocker = createElement('p', { class: 'hint', id: 'raw-data-run-blocker' });
  run.setAttribute('aria-describedby', blocker.id);
  const resultRegion = createElement('div', {
    id: 'raw-data-result',
    class: 'raw-data-result',
    'aria-live': 'polite',
  });

  const showEstimate = (): void => {
    if (estimate === null) {
      estimateRegion.replaceChildren();
      return;
    }
    const parts: Node[] = [
      createElement('p', { class: 'cost' }, [estimate.summary]),
      createElement('p', { class: 'hint' }, [estimate.limits]),
    ];
    if (estimate.warning !== null)
      parts.push(createElement('p', { class: 'raw-data-warning' }, [estimate.warning]));
    if (estimate.needsConfirmation && estimate.blocked === null) {
      const confirm = withId(
        checkboxField(confirmUnitsLabel(estimate.maxUnits), confirmed),
        'raw-data-confirm',
      );
      confirm.control.addEventListener('change', () => {
        confirmed = confirm.control.checked;
        updateRun();
      });
      parts.push(confirm.wrapper);
    }
    estimateRegion.replaceChildren(...parts);
  };

  const updateRun = (): void => {
    const result = buildRawPull(rawFormValues(state));
    const reason = rawRunBlocker({ result, estimate, confirmed, operation: state.operation });
    run.disabled = reason !== null;
    run.textContent = rawRunLabel(request);
    blocker.textContent = reason ?? '';
  };

  const changed = (): void => {
    const operation = current();
    description.textContent = `${operation.description} (${operation.path})`;
    pagingBox.hidden = !operation.paged;
    allFields.wrapper.hidden = operation.paged;
    pages.control.disabled = state.untilDone;
    if (tabName.control.value !== state.tabName) tabName.control.value = state.tabName;

    const result = buildRawPull(rawFormValues(state));
    for (const field of paramFields.values()) field.setError(null);
    pages.setError(null);
    const unplaced: string[] = [];
    if (!result.ok) {
      for (const error of result.errors) {
        if (!touched.has(error.field)) continue;
        if (error.field === 'pages') pages.setError(error.message);
        else if (error.field.startsWith('param:'))
          paramFields.get(error.field.slice(6))?.setError(error.message);
        else unplaced.push(error.message);
      }
    }
    otherErrors.replaceChildren(...unplaced.map((message) => createElement('li', {}, [message])));
    otherErrors.hidden = unplaced.length === 0;

    request = result.ok ? result.request : null;
    const key = request === null ? null : JSON.stringify(request);
    if (key !== confirmedFor) {
      // Consent was given for another pull's spend: ask again.
      confirmed = false;
      confirmedFor = key;
    }
    estimate =
      request === null
        ? null
        : estimateRawPull(request, allowance?.rawRequestsLeft ?? null, allowance?.limitedBy ?? 'account');
    showEstimate();
    updateRun();
  };

  const loadAllowance = async (explicit: boolean): Promise<void> => {
    await whileBusy([refresh], async () => {
      try {
        allowance = await context.server.getRawAllowance();
        showAllowance();
      } catch (error) {
        allowanceLine.textContent = failureText('read the raw requests left', error);
        if (explicit) context.fail('read the raw requests left', error);
      }
    });
    changed();
  };

  const showResult = (lines: readonly string[]): void => {
    resultRegion.replaceChildren(...lines.map((line) => createElement('p', {}, [line])));
  };

  /** A feed job ended: what it pulled and spent, exactly, and where the feed goes on. */
  const reportFeed = async (job: JobView): Promise<void> => {
    try {
      const usage = await context.server.getRawFeedUsage(job.id);
      const query = started.get(job.id);
      let placed = false;
      if (query !== undefined) {
        const next = offerCursor(state, usage, query);
        placed = next !== state;
        state = next;
        const operation = rawOperation(usage.operation);
        const cursor = operation === null ? null : rawCursorParam(operation);
        const field = cursor === null ? undefined : paramFields.get(cursor.name);
        if (placed && operation?.id === state.operation && field !== undefined && cursor !== null) {
          field.control.value = paramValue(state, cursor);
        }
      }
      allowance = afterPull(allowance, usage);
      showAllowance();
      const more = feedMoreText(usage, placed);
      showResult(more === null ? [feedResultText(job, usage)] : [feedResultText(job, usage), more]);
      changed();
    } catch (error) {
      showResult([failureText('read what the pull spent', error)]);
    }
  };

  const follow = (job: JobView): void => {
    if (job.kind !== 'raw-feed') return;
    if (isJobActive(job)) watching.add(job.id);
    else if (watching.delete(job.id)) void reportFeed(job);
  };
  for (const tracked of context.jobs.list()) follow(tracked.job);
  context.jobs.subscribe((jobs) => {
    for (const tracked of jobs) follow(tracked.job);
  });

  const pulled = (start: RawPullStart, sent: RawPullRequest): void => {
    if (start.kind === 'job') {
      started.set(start.job.id, sent.query);
      watching.add(start.job.id);
      context.jobs.track(start.job);
      showResult([`Pulling into ${start.job.destination}: the progress is in the jobs list.`]);
      context.status.success(`Raw data pull started. ${start.job.message}`);
      // The first poll may already have seen the end (a short feed).
      follow(start.job);
      return;
    }
    allowance = afterPull(allowance, start.usage);
    showAllowance();
    const text = tableResultText(start);
    showResult([text]);
    context.status.success(text);
  };

  run.addEventListener('click', () => {
    const sent = request;
    if (sent === null || run.disabled) return;
    const consent = confirmed;
    void whileBusy(
      [run],
      async () => {
        try {
          pulled(await context.server.startRawPull(sent, consent), sent);
          // Pulling again is a new spend: ask again.
          confirmed = false;
          showEstimate();
        } catch (error) {
          context.fail('pull the raw data', error);
        }
      },
      { button: run, text: 'Starting…' },
    ).finally(updateRun);
  });

  operationField.control.addEventListener('change', () => {
    state = selectOperation(state, operationField.control.value);
    touched.clear();
    renderParams();
    changed();
  });
  pages.control.addEventListener('input', () => {
    state = { ...state, pages: pages.control.value };
    changed();
  });
  pages.control.addEventListener('change', () => {
    touched.add('pages');
    changed();
  });
  untilDone.control.addEventListener('change', () => {
    state = { ...state, untilDone: untilDone.control.checked };
    changed();
  });
  allFields.control.addEventListener('change', () => {
    state = { ...state, allFields: allFields.control.checked };
    changed();
  });
  tabName.control.addEventListener('input', () => {
    state = setTabName(state, tabName.control.value);
    changed();
  });
  refresh.addEventListener('click', () => void loadAllowance(true));

  panel.replaceChildren(
    createElement('div', { class: 'section-head' }, [createElement('h2', {}, ['Raw data']), refresh]),
    createElement('p', { class: 'intro' }, [
      "The platforms' own public data, page by page, into a new tab. No credits: each request spends one raw request of the monthly allowance.",
    ]),
    allowanceLine,
    operationField.wrapper,
    description,
    paramsBox,
    pagingBox,
    allFields.wrapper,
    tabName.wrapper,
    otherErrors,
    estimateRegion,
    createElement('div', { class: 'actions' }, [run]),
    blocker,
    resultRegion,
  );
  renderParams();
  changed();
  void loadAllowance(false);
  return { onShow: () => void loadAllowance(false) };
}

export const rawDataSection: SectionDefinition = { title: 'Raw data', render: renderRawDataSection };
