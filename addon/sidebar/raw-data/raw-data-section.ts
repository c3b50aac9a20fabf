import type { RawPullRequest } from '../../bridge-contract/raw-data-api';
import {
  confirmUnitsLabel,
  estimateRawPull,
  rawRunLabel,
  type RawPullEstimate,
} from '../../bridge-contract/raw-data-estimate';
import { buildRawPull, type RawFormResult } from '../../bridge-contract/raw-data-request';
import { type CostedRun, createCostedRun } from '../ui/costed-run';
import { createElement } from '../ui/create-element';
import { createRawAllowance } from './raw-data-allowance';
import { initialRawFormState, keptRawForm, rawFormValues, readKeptRawForm } from './raw-data-form-state';
import { createRawOperationPanel, type RawOperationPanel } from './raw-data-operation-panel';
import { createRawOptions, type RawOptionsPanel } from './raw-data-options';
import type { RawPage } from './raw-data-page';
import { createRawResults, type RawResults } from './raw-data-results';
import { rawRunBlocker } from './raw-data-run-state';
import { createSavedFormsPanel } from '../ui/saved-forms-panel';
import type { SectionDefinition, SectionView, SidebarContext } from '../sidebar-context';

/** The operation shown first: a feed, the section's main use. */
const FIRST_OPERATION = 'rawIgUserFeed';

/** What the form maps to now. */
interface MappedPull {
  request: RawPullRequest | null;
  estimate: RawPullEstimate | null;
}

function createPullRun(page: RawPage, pull: MappedPull, results: () => RawResults): CostedRun {
  const costed = createCostedRun({
    initialLabel: rawRunLabel(null),
    label: () => rawRunLabel(pull.request),
    blockReason: () =>
      rawRunBlocker({
        result: buildRawPull(rawFormValues(page.state)),
        estimate: pull.estimate,
        confirmed: costed.confirmed(),
        operation: page.state.operation,
      }),
    run: async () => {
      const sent = pull.request;
      if (sent === null) return;
      try {
        results().pulled(await page.context.server.startRawPull(sent, costed.confirmed()), sent);
        // Pulling again is a new spend: ask again.
        costed.dropConsent();
        showSpend(costed, pull.estimate);
      } catch (error) {
        page.context.fail('pull the raw data', error);
      }
    },
    ids: {
      button: 'raw-data-run',
      estimate: 'raw-data-estimate',
      blocker: 'raw-data-run-blocker',
      confirm: 'raw-data-confirm',
    },
  });
  return costed;
}

/** What the pull spends of the allowance, its limits, and the consent box when it asks for one. */
function showSpend(costed: CostedRun, estimate: RawPullEstimate | null): void {
  if (estimate === null) {
    costed.showOther();
    return;
  }
  const parts: Node[] = [
    createElement('p', { class: 'cost' }, [estimate.summary]),
    createElement('p', { class: 'hint' }, [estimate.limits]),
  ];
  if (estimate.warning !== null)
    parts.push(createElement('p', { class: 'raw-data-warning' }, [estimate.warning]));
  const consent = estimate.needsConfirmation && estimate.blocked === null;
  costed.showEstimate({ parts, confirmLabel: consent ? confirmUnitsLabel(estimate.maxUnits) : null });
}

/** Each error under its field once the user has left it; the others in the list above the estimate. */
function showErrors(
  page: RawPage,
  result: RawFormResult,
  places: { operation: RawOperationPanel; options: RawOptionsPanel; otherErrors: HTMLElement },
): void {
  for (const field of places.operation.params()) field.setError(null);
  places.options.pages.setError(null);
  places.options.tabMode.field.setError(null);
  const unplaced: string[] = [];
  if (!result.ok) {
    for (const error of result.errors) {
      if (!page.touched.has(error.field)) continue;
      if (error.field === 'pages') places.options.pages.setError(error.message);
      else if (error.field === 'tabMode') places.options.tabMode.field.setError(error.message);
      else if (error.field.startsWith('param:'))
        places.operation.param(error.field.slice(6))?.setError(error.message);
      else unplaced.push(error.message);
    }
  }
  places.otherErrors.replaceChildren(...unplaced.map((message) => createElement('li', {}, [message])));
  places.otherErrors.hidden = unplaced.length === 0;
}

function heading(refresh: HTMLButtonElement): Node[] {
  return [
    createElement('div', { class: 'section-head' }, [createElement('h2', {}, ['Raw data']), refresh]),
    createElement('p', { class: 'intro' }, [
      "The platforms' own public data, page by page, into a tab: a new one, or one you name, replaced or added to. No credits: each request spends one raw request of the monthly allowance.",
    ]),
  ];
}

/**
 * Raw data: pick an operation (grouped by platform), fill in its own parameters, choose how many
 * pages (or until done), see what it spends of the monthly raw allowance, pull into a new tab. A
 * feed runs as a job (progress, cancel, resume in the jobs list); when it ends, the section says
 * exactly how many pages and raw requests it took, and where the feed goes on.
 */
function renderRawDataSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const page: RawPage = { context, state: initialRawFormState(FIRST_OPERATION), touched: new Set(), changed };
  const pull: MappedPull = { request: null, estimate: null };
  const allowance = createRawAllowance(page);
  const operation = createRawOperationPanel(page);
  const options = createRawOptions(page);
  const otherErrors = createElement('ul', { class: 'field-error', role: 'alert', hidden: '' });
  const costed = createPullRun(page, pull, () => results);
  const results = createRawResults(page, { allowance, operation });
  // Raw data presets (the document's) and this user's last form (issue 15).
  const saved = createSavedFormsPanel({
    section: 'raw',
    noun: { one: 'raw data preset', many: 'raw data presets' },
    idPrefix: 'raw-data-saved',
    context,
    root: panel,
    read: () => keptRawForm(page.state),
    apply(kept) {
      page.state = readKeptRawForm(kept, FIRST_OPERATION);
      page.touched.clear();
      operation.write();
      options.write();
      changed();
    },
  });

  function changed(): void {
    operation.showDescription();
    options.show(operation.current());
    const result = buildRawPull(rawFormValues(page.state));
    showErrors(page, result, { operation, options, otherErrors });
    pull.request = result.ok ? result.request : null;
    // Consent was given for another pull's spend: ask again.
    costed.consentFor(pull.request === null ? null : JSON.stringify(pull.request));
    const left = allowance.current();
    pull.estimate =
      pull.request === null
        ? null
        : estimateRawPull(pull.request, left?.rawRequestsLeft ?? null, left?.limitedBy ?? 'account');
    showSpend(costed, pull.estimate);
    costed.refresh();
    saved.changed();
  }

  const loadTabs = (): void => {
    context.server.listTabNames().then(options.tabMode.setTabs, () => undefined);
  };

  panel.replaceChildren(
    ...heading(allowance.refresh),
    allowance.line,
    saved.element,
    ...operation.elements,
    ...options.elements,
    otherErrors,
    ...costed.elements,
    results.element,
  );
  operation.render();
  changed();
  void allowance.load(false);
  loadTabs();
  return {
    onShow: () => {
      void allowance.load(false);
      loadTabs();
    },
  };
}

export const rawDataSection: SectionDefinition = { title: 'Raw data', render: renderRawDataSection };
