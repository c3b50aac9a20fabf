import type { SearchEstimate, SearchForm } from '../../bridge-contract/sidebar-api';
import { type CostedRun, createCostedRun } from '../ui/costed-run';
import { createElement } from '../ui/create-element';
import { debounce } from '../server-calls/debounce';
import { confirmCostLabel, maxCostText, searchEstimateFacts, startLabel } from '../ui/estimate-text';
import { factList } from '../ui/form-fields';
import { latestOnly, STALE } from '../server-calls/latest-only';
import type { SearchFormResult } from './search-form';
import { type SearchRunState, searchRunBlocker } from './search-run-state';
import type { SidebarContext } from '../sidebar-context';

/** The cost estimate follows the form, once typing pauses. */
export const ESTIMATE_DEBOUNCE_MS = 300;

const RUN_VERB = 'Run search';

export interface SearchRunPanel {
  elements: readonly HTMLElement[];
  /** The form as it maps now: its cost (asked once typing pauses, unless known), consent, Run. */
  show(result: SearchFormResult): void;
}

/** The run's state apart from consent, which the costed run holds. */
type RunState = Omit<SearchRunState, 'confirmedCost'> & { form: SearchForm | null };

function showEstimate(costed: CostedRun, estimate: SearchEstimate): void {
  costed.showEstimate({
    parts: [
      factList(searchEstimateFacts(estimate)),
      createElement('p', {}, [estimate.summary]),
      createElement('p', { class: 'cost' }, [maxCostText(estimate.maxCredits)]),
    ],
    confirmLabel: estimate.needsConfirmation ? confirmCostLabel(estimate.maxCredits) : null,
  });
}

function createSearchCosted(context: SidebarContext, state: RunState): CostedRun {
  const costed = createCostedRun({
    initialLabel: RUN_VERB,
    label: () =>
      startLabel(
        RUN_VERB,
        state.check !== null && state.check.key === state.currentKey ? state.check.estimate.maxCredits : null,
      ),
    blockReason: () => searchRunBlocker({ ...state, confirmedCost: costed.confirmed() }),
    run: async () => {
      const current = state.form;
      if (current === null) return;
      try {
        const job = await context.server.startSearch(current, costed.confirmed());
        context.jobs.track(job);
        // Not the job's own line ("Running: 0 of 50 rows..."): that one goes stale the moment the
        // job ends (issue 25), and its line in Jobs below says how it goes.
        context.status.success('Search started: its line in Jobs below follows it.');
        // Running it again is a new paid action: ask again.
        costed.dropConsent();
        if (state.check !== null) showEstimate(costed, state.check.estimate);
      } catch (error) {
        context.fail('start the search', error);
      }
    },
  });
  return costed;
}

/** Asks the cost of a form once typing pauses; only the answer for the form as it is now counts. */
function estimateRequester(context: SidebarContext, state: RunState, costed: CostedRun) {
  const estimate = latestOnly((next: SearchForm) => context.server.estimateSearch(next));
  return debounce((next: SearchForm, key: string) => {
    estimate(next).then(
      (answer) => {
        if (answer === STALE || key !== state.currentKey) return;
        state.estimating = false;
        state.check = { key, estimate: answer };
        showEstimate(costed, answer);
        costed.refresh();
      },
      (error: unknown) => {
        if (key !== state.currentKey) return;
        state.estimating = false;
        costed.showOther();
        context.fail('estimate the cost', error);
        costed.refresh();
      },
    );
  }, ESTIMATE_DEBOUNCE_MS);
}

/** The tail of the Search form: the live estimate, the consent box, Run and why it cannot run. */
export function createSearchRunPanel(context: SidebarContext): SearchRunPanel {
  const state: RunState = { form: null, currentKey: null, check: null, estimating: false };
  const costed = createSearchCosted(context, state);
  const requestEstimate = estimateRequester(context, state, costed);

  const show = (result: SearchFormResult): void => {
    const key = result.ok ? JSON.stringify(result.form) : null;
    // Consent was given for another search's cost; ask again.
    costed.consentFor(key);
    state.form = result.ok ? result.form : null;
    state.currentKey = key;
    if (result.ok && key !== null && (state.check === null || state.check.key !== key)) {
      state.estimating = true;
      costed.showNote('Working out the cost…');
      requestEstimate(result.form, key);
    } else if (!result.ok) {
      state.estimating = false;
      requestEstimate.cancel();
      costed.showOther();
    } else if (state.check !== null) {
      showEstimate(costed, state.check.estimate);
    }
    costed.refresh();
  };

  return { elements: costed.elements, show };
}
