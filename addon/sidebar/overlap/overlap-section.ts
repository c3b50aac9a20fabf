import { OVERLAP_PLATFORMS, type OverlapPlatform } from '../../../shared/platforms';
import type {
  OverlapCheck,
  OverlapCreators,
  OverlapEstimate,
  OverlapOutcome,
} from '../../bridge-contract/overlap-api';
import { OVERLAP_MAX_CREATORS } from '../../bridge-contract/overlap-creators';
import { createCostedRun } from '../ui/costed-run';
import { createElement } from '../ui/create-element';
import { debounce } from '../server-calls/debounce';
import { errorMessage } from '../server-calls/error-text';
import { confirmCostLabel, startLabel } from '../ui/estimate-text';
import {
  button,
  checkboxField,
  factList,
  radioGroup,
  selectField,
  textAreaField,
  textField,
  withId,
} from '../ui/form-fields';
import { latestOnly, STALE } from '../server-calls/latest-only';
import { createTabModeField } from '../ui/tab-mode-field';
import {
  OVERLAP_LIMITS_TEXT,
  overlapCheckKey,
  overlapCostText,
  overlapEstimateFacts,
  type OverlapFlowState,
  type OverlapRunCheck,
  overlapRunBlocker,
  overlapShareRows,
  unreadableLines,
} from './overlap-flow';
import { PLATFORM_NAMES } from '../search/search-options';
import type { SectionDefinition, SectionView, SidebarContext } from '../sidebar-context';

/** The count follows the typed list once typing pauses. */
export const OVERLAP_ESTIMATE_DEBOUNCE_MS = 300;

const RUN_VERB = 'Compare audiences';

/** Gives a field's control its stable id (browser tests find it by it), its label following. */
function resultTable(outcome: OverlapOutcome): HTMLTableElement {
  return createElement('table', { class: 'numbers overlap-shares' }, [
    createElement('caption', {}, ['Share of each audience']),
    createElement('thead', {}, [
      createElement('tr', {}, [
        createElement('th', { scope: 'col' }, ['Creator']),
        createElement('th', { scope: 'col' }, ['Unique']),
        createElement('th', { scope: 'col' }, ['Shared']),
      ]),
    ]),
    createElement(
      'tbody',
      {},
      overlapShareRows(outcome).map((row, index, rows) =>
        createElement('tr', index === rows.length - 1 ? { class: 'total' } : {}, [
          createElement('th', { scope: 'row', title: `${row.followers} followers` }, [row.handle]),
          createElement('td', {}, [row.unique]),
          createElement('td', {}, [row.overlapping]),
        ]),
      ),
    ),
  ]);
}

/**
 * Audience overlap: creators from the selection or typed, a platform, the count and the cost
 * before anything is paid, then one paid call whose table (with totals) goes into a new tab.
 */
function renderOverlapSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const platform = selectField(
    'Platform',
    OVERLAP_PLATFORMS.map((value) => ({ value, label: PLATFORM_NAMES[value] })),
    'instagram',
    'Audience overlap exists for Instagram and YouTube only.',
  );
  withId(platform, 'overlap-platform');
  const currentPlatform = (): OverlapPlatform =>
    OVERLAP_PLATFORMS.find((value) => value === platform.control.value) ?? 'instagram';

  const source = radioGroup(
    'Where are the creators?',
    [
      { value: 'selection', label: 'In the selected cells' },
      { value: 'typed', label: 'Typed here' },
    ],
    'selection',
  );
  source.fieldset.id = 'overlap-source';

  const selectionSummary = createElement('p', { class: 'hint', 'aria-live': 'polite' });
  const useSelection = button('Count again', { small: true });
  useSelection.id = 'overlap-use-selection';
  const selectionBox = createElement('div', { class: 'subform' }, [
    createElement('p', { class: 'hint' }, [
      'Select a column (a header row is skipped) or a row of handles or profile URLs in the sheet.',
    ]),
    selectionSummary,
    useSelection,
  ]);

  const typedField = withId(
    textAreaField({
      label: 'Creators, one per line',
      hint: `Handles, @handles, profile URLs or ids; up to ${OVERLAP_MAX_CREATORS}.`,
      placeholder: '@nasa\nhttps://www.instagram.com/esa/',
      rows: 6,
    }),
    'overlap-creators',
  );
  const typed = typedField.control;
  const typedBox = typedField.wrapper;
  typedBox.classList.add('subform');

  const tabName = textField({
    label: 'New tab name',
    hint: 'Left blank, the tab is named after the platform.',
  });
  withId(tabName, 'overlap-tab-name');
  // A new tab each run, or the named tab replaced or added to (issue 15); checked before paying.
  const tabMode = createTabModeField(tabName, 'overlap');
  const loadTabs = (): void => {
    context.server.listTabNames().then(tabMode.setTabs, () => undefined);
  };
  const refresh = checkboxField(
    'Fetch fresh figures',
    false,
    'A set compared before is free; tick to pay for it again with today’s audiences.',
  );
  withId(refresh, 'overlap-refresh');

  const result = createElement('div', {
    id: 'overlap-result',
    class: 'overlap-result',
    'aria-live': 'polite',
  });

  let selection: string | null = null;
  let flow: OverlapFlowState = { currentKey: '', checked: null, estimating: false };

  const readCheck = (): OverlapCheck => {
    const creators: OverlapCreators =
      source.value() === 'typed' ? { kind: 'typed', text: typed.value } : { kind: 'selection' };
    return { platform: currentPlatform(), creators };
  };

  /** The flow with the consent the user gave in the estimate region. */
  const currentFlow = (): OverlapRunCheck => ({ ...flow, confirmedCost: costed.confirmed() });

  const costed = createCostedRun({
    initialLabel: RUN_VERB,
    label: () => {
      const current =
        flow.checked !== null && flow.checked.key === flow.currentKey ? flow.checked.estimate : null;
      return startLabel(RUN_VERB, current === null ? null : current.maxCredits);
    },
    blockReason: () => overlapRunBlocker(currentFlow()),
    run: () => compare(),
    busyText: 'Comparing…',
    alsoBusy: () => [useSelection, platform.control],
    afterRun: () => update(),
    ids: { button: 'overlap-run', confirm: 'overlap-confirm-cost' },
    blockerPrefix: 'overlap-blocker',
  });

  const update = (): void => {
    costed.refresh();
    selectionBox.hidden = source.value() !== 'selection';
    typedBox.hidden = source.value() !== 'typed';
  };

  const showEstimate = (estimate: OverlapEstimate): void => {
    const parts: Node[] = [factList(overlapEstimateFacts(estimate))];
    const lines = unreadableLines(estimate);
    if (lines.length > 0) {
      parts.push(
        createElement(
          'ul',
          { class: 'field-error overlap-unreadable', 'aria-label': 'Unreadable values' },
          lines.map((line) => createElement('li', {}, [line])),
        ),
      );
    }
    parts.push(
      createElement('p', estimate.problem === null ? {} : { class: 'field-error' }, [estimate.summary]),
    );
    if (estimate.problem === null) {
      parts.push(createElement('p', { class: 'cost' }, [overlapCostText(estimate, refresh.control.checked)]));
    }
    const consent = estimate.needsConfirmation && estimate.problem === null;
    costed.showEstimate({ parts, confirmLabel: consent ? confirmCostLabel(estimate.maxCredits) : null });
  };

  const estimate = latestOnly((check: OverlapCheck) => context.server.estimateOverlap(check));

  const requestEstimate = (check: OverlapCheck, key: string): void => {
    estimate(check).then(
      (answer) => {
        if (answer === STALE || key !== flow.currentKey) return;
        if (check.creators.kind === 'selection') {
          selection = answer.source;
          selectionSummary.textContent = `Counted ${answer.source}; select other cells and count again to change it.`;
          // The key names the selection, known only now.
          const settled = overlapCheckKey(check, selection);
          flow = {
            ...flow,
            currentKey: settled,
            estimating: false,
            checked: { key: settled, estimate: answer },
          };
        } else {
          flow = { ...flow, estimating: false, checked: { key, estimate: answer } };
        }
        showEstimate(answer);
        update();
      },
      (error: unknown) => {
        if (key !== flow.currentKey) return;
        flow = { ...flow, estimating: false, checked: null };
        if (check.creators.kind === 'selection') selectionSummary.textContent = '';
        // Nothing selected, or an empty column: a step to take, not a failure.
        costed.showOther(createElement('p', { class: 'field-error' }, [errorMessage(error)]));
        update();
      },
    );
  };
  const requestLater = debounce(requestEstimate, OVERLAP_ESTIMATE_DEBOUNCE_MS);

  /** Counts again: at once for a click, once typing pauses for the typed list. */
  const recount = (wait: boolean): void => {
    const check = readCheck();
    // The selection is read anew on every count: it may have moved since.
    if (check.creators.kind === 'selection') selection = null;
    const key = overlapCheckKey(check, selection);
    flow = { ...flow, currentKey: key, estimating: true };
    costed.dropConsent();
    costed.showNote('Counting the creators…');
    if (wait) requestLater(check, key);
    else {
      requestLater.cancel();
      requestEstimate(check, key);
    }
    update();
  };

  platform.control.addEventListener('change', () => recount(false));
  source.onChange(() => recount(false));
  typed.addEventListener('input', () => recount(true));
  useSelection.addEventListener('click', () => recount(false));
  refresh.control.addEventListener('change', () => {
    if (flow.checked !== null) showEstimate(flow.checked.estimate);
  });

  async function compare(): Promise<void> {
    const checked = flow.checked;
    if (checked === null) return;
    try {
      const outcome = await context.server.runOverlap({
        ...readCheck(),
        tabName: tabName.control.value,
        tabMode: tabMode.mode(),
        refresh: refresh.control.checked,
        confirmedCost: costed.confirmed(),
        expectedSource: checked.estimate.source,
      });
      showOutcome(outcome);
      loadTabs();
      // Another comparison is another paid action: ask again.
      costed.dropConsent();
      if (flow.checked === checked) showEstimate(checked.estimate);
    } catch (error) {
      context.fail('compare the audiences', error);
    }
  }

  const showOutcome = (outcome: OverlapOutcome): void => {
    const readable = outcome.unreadableAnswerId === null;
    result.replaceChildren(
      createElement('h3', {}, [`Written to ${outcome.destination}`]),
      createElement('p', {}, [outcome.message]),
      // An answer this version could not read has no figures: the message says why.
      ...(readable ? [resultTable(outcome)] : []),
    );
    if (readable) context.status.success(outcome.message);
    else context.status.info(outcome.message);
  };

  panel.replaceChildren(
    createElement('h2', {}, ['Audience overlap']),
    createElement('p', { class: 'intro' }, [
      'How much of each creator’s audience is theirs alone, and how much the others share. ',
      'The table, with totals, goes into a new tab or one you name.',
    ]),
    createElement('p', { class: 'hint overlap-limits' }, [OVERLAP_LIMITS_TEXT]),
    platform.wrapper,
    source.fieldset,
    selectionBox,
    typedBox,
    tabName.wrapper,
    ...tabMode.elements,
    refresh.wrapper,
    ...costed.elements,
    result,
  );
  recount(false);
  loadTabs();
  return {
    // The selection may have moved while another section was open; tabs may have come and gone.
    onShow: () => {
      loadTabs();
      if (source.value() === 'selection') recount(false);
    },
  };
}

export const overlapSection: SectionDefinition = { title: 'Overlap', render: renderOverlapSection };
