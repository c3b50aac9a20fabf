import { aiCreditsText, aiPacingText, type AiSearchEstimate } from '../../bridge-contract/ai-search-plan';
import type { AiSearchRequest } from '../../bridge-contract/ai-search-api';
import { createAiContentFilters } from './ai-search-content-filters';
import {
  type AiSearchFormResult,
  type AiSearchFormValues,
  buildAiSearchRequest,
  initialAiSearchValues,
} from './ai-search-form';
import { createAiInputPanel } from './ai-search-input-panel';
import { createAiListsPanel } from './ai-search-lists-panel';
import { showFormMessages } from './ai-search-messages';
import { createAiPagesPanel } from './ai-search-pages-panel';
import type { AiPartContext, ErrorTargets, NoteLines } from './ai-search-part';
import { type AiSearchProgress, createAiSearchProgress } from './ai-search-page-line';
import { createAiSizeFilters } from './ai-search-size-filters';
import { createAiWhoFilters } from './ai-search-who-filters';
import { formatCount } from '../ui/count-text';
import { type CostedRun, createCostedRun } from '../ui/costed-run';
import { createElement } from '../ui/create-element';
import { confirmCostLabel, maxCostText, startLabel } from '../ui/estimate-text';
import { factList } from '../ui/form-fields';
import { keptAiSearchForm, readKeptAiSearchForm } from './kept-ai-search-form';
import { createSavedFormsPanel, type SavedFormsPanel } from '../ui/saved-forms-panel';
import type { SectionDefinition, SectionView, SidebarContext } from '../sidebar-context';

const RUN_VERB = 'Run AI search';

/** The panels of the form, in page order; each owns its fields and their events. */
function createPanels(part: AiPartContext, defaults: AiSearchFormValues) {
  return {
    input: createAiInputPanel(part, defaults),
    size: createAiSizeFilters(part.changed),
    who: createAiWhoFilters(part),
    content: createAiContentFilters(part),
    lists: createAiListsPanel(part),
    pages: createAiPagesPanel(part.changed, defaults),
  };
}
type AiPanels = ReturnType<typeof createPanels>;

function readValues(panels: AiPanels): AiSearchFormValues {
  return {
    ...panels.input.read(),
    ...panels.pages.read(),
    filters: {
      ...panels.size.read(),
      ...panels.who.read(),
      ...panels.content.read(),
      ...panels.lists.read(),
    },
  };
}

function estimateParts(next: AiSearchEstimate): Node[] {
  return [
    factList([
      { label: 'Pages', value: formatCount(next.pages) },
      { label: 'Creators, at most', value: formatCount(next.maxResults) },
      { label: 'Most it can cost', value: aiCreditsText(next.maxCredits) },
    ]),
    createElement('p', {}, [next.summary]),
    createElement('p', { class: 'cost' }, [maxCostText(next.maxCredits)]),
  ];
}

function startedText(request: AiSearchRequest): string {
  const pages = request.pages === 1 ? 'one page' : `${formatCount(request.pages)} pages`;
  return `AI search started: ${pages} into the tab "${request.title}". ${aiPacingText(request.pages)}`;
}

function heading(): Node[] {
  return [
    createElement('h2', {}, ['AI search']),
    createElement('p', { class: 'intro' }, [
      'Finds creators by what their posts show: a description, an image, or creators like ones you know. The results go into a tab: a new one, or one you name, replaced or added to.',
    ]),
  ];
}

/** Puts a kept form back, panel by panel (the lists forget the platform's lists when it changes). */
function writeValues(panels: AiPanels, values: AiSearchFormValues): void {
  const platformChanged = panels.input.currentPlatform() !== values.platform;
  panels.input.write(values);
  if (platformChanged) panels.lists.platformChanged();
  panels.size.write(values.filters);
  panels.who.write(values.filters);
  panels.content.write(values.filters);
  panels.lists.write(values.filters);
  panels.pages.write(values);
}

/** Saved AI searches (the document's) and this user's last form (issue 15). */
function createAiSaved(
  context: SidebarContext,
  root: HTMLElement,
  panels: AiPanels,
  restore: (values: AiSearchFormValues) => void,
): SavedFormsPanel {
  return createSavedFormsPanel({
    section: 'ai',
    noun: { one: 'saved AI search', many: 'saved AI searches' },
    idPrefix: 'ai-search-saved',
    context,
    root,
    read: () => keptAiSearchForm(readValues(panels), panels.pages.titleEdited()),
    apply: (kept) => restore(readKeptAiSearchForm(kept)),
  });
}

/** What the form maps to now: the request and its estimate, or the first thing wrong. */
interface MappedForm {
  request: AiSearchRequest | null;
  estimate: AiSearchEstimate | null;
  /** Said under Run while nothing is marked yet. */
  firstError: string | null;
}

function createAiRun(
  context: SidebarContext,
  form: MappedForm,
  progress: AiSearchProgress,
  changed: () => void,
): CostedRun {
  /** The search last started here: after it, Run waits for a new tick, and says so (issue 15). */
  let lastStarted: string | null = null;
  const costed = createCostedRun({
    initialLabel: RUN_VERB,
    label: () => startLabel(RUN_VERB, form.estimate === null ? null : form.estimate.maxCredits),
    blockReason: () => {
      if (costed.running()) return 'Starting…';
      if (form.request === null) return form.firstError ?? 'Fill in the search above.';
      if (form.estimate !== null && form.estimate.needsConfirmation && !costed.confirmed()) {
        const tick = `"${confirmCostLabel(form.estimate.maxCredits)}"`;
        return JSON.stringify(form.request) === lastStarted
          ? `Started, see Jobs below. To run the same search again, tick ${tick} again: it is paid again.`
          : `Tick ${tick} to run it.`;
      }
      return null;
    },
    run: async () => {
      const current = form.request;
      if (current === null) return;
      try {
        const job = await context.server.startAiSearch(current, costed.confirmed());
        progress.started(job, current);
        context.jobs.track(job);
        context.status.success(startedText(current));
        // Running it again is a new paid action: ask again.
        lastStarted = JSON.stringify(current);
        costed.dropConsent();
      } catch (error) {
        context.fail('start the AI search', error);
      }
    },
    afterRun: changed,
    ids: { button: 'ai-search-run', estimate: 'ai-search-estimate', confirm: 'ai-search-confirm' },
    blockerPrefix: 'ai-search-blocker',
  });
  return costed;
}

/** Shows the estimate of a form that maps, with the consent box when its cost asks for one. */
function showMapped(costed: CostedRun, result: AiSearchFormResult): void {
  if (!result.ok) {
    costed.showOther();
    return;
  }
  const { estimate } = result;
  costed.showEstimate({
    parts: estimateParts(estimate),
    confirmLabel: estimate.needsConfirmation ? confirmCostLabel(estimate.maxCredits) : null,
  });
}

/**
 * AI search: a description, an image or source creators, then every AI filter, page size and
 * pages (the depth limit shown), the cost before running, and a job that writes into a new tab.
 */
function renderAiSearchSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const defaults = initialAiSearchValues();
  const part: AiPartContext = { context, platform: () => panels.input.currentPlatform(), changed };
  const panels = createPanels(part, defaults);
  const all = [panels.input, panels.size, panels.who, panels.content, panels.lists, panels.pages];
  const errors = all.reduce<ErrorTargets>((places, item) => ({ ...places, ...item.errors }), {});
  const notes = all.reduce<NoteLines>((places, item) => ({ ...places, ...item.notes }), {});
  const otherErrors = createElement('ul', { class: 'field-error', role: 'alert', hidden: '' });
  const progress = createAiSearchProgress(context);
  const form: MappedForm = { request: null, estimate: null, firstError: null };
  const costed = createAiRun(context, form, progress, changed);

  // A fresh form is not wrong yet: field errors wait for the first edit (the line under Run says
  // what is missing meanwhile).
  let edited = false;
  /** While a kept form is put back, field by field: the form is mapped once, at the end. */
  let restoring = false;
  const markEdited = (): void => {
    if (!restoring) edited = true;
  };
  panel.addEventListener('input', markEdited, true);
  panel.addEventListener('change', markEdited, true);
  const saved = createAiSaved(context, panel, panels, (values) => {
    restoring = true;
    try {
      writeValues(panels, values);
    } finally {
      restoring = false;
    }
    changed();
  });

  /** Every edit maps the whole form again: messages, estimate, consent and the Run button. */
  function changed(): void {
    if (restoring) return;
    panels.input.show();
    panels.content.show(panels.input.currentPlatform());
    const values = readValues(panels);
    panels.pages.suggest(values);
    const result = buildAiSearchRequest(values);
    showFormMessages(result, { errors, notes, otherErrors }, edited);
    panels.content.showPhraseCounts();
    // Consent was given for another search's cost: ask again.
    costed.consentFor(result.ok ? JSON.stringify(result.request) : null);
    form.request = result.ok ? result.request : null;
    form.estimate = result.ok ? result.estimate : null;
    form.firstError = result.ok ? null : (result.errors[0]?.message ?? null);
    panels.pages.showPacing(result);
    showMapped(costed, result);
    costed.refresh();
    saved.changed();
  }

  const loadTabs = (): void => {
    context.server.listTabNames().then(panels.pages.tabMode.setTabs, () => undefined);
  };

  panels.input.platform.control.addEventListener('change', () => {
    panels.lists.platformChanged();
    changed();
  });
  panel.replaceChildren(
    ...heading(),
    saved.element,
    ...all.flatMap((item) => item.elements),
    otherErrors,
    ...costed.elements,
    progress.element,
  );
  changed();
  loadTabs();
  // A run makes or fills tabs: what the name field offers follows.
  return { onShow: loadTabs };
}

export const aiSearchSection: SectionDefinition = { title: 'AI search', render: renderAiSearchSection };
