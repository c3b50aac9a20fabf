import type { BulkEstimate, BulkStart, ColumnSource, JobView } from '../../bridge-contract/sidebar-api';
import {
  type BulkFlowState,
  type BulkStartCheck,
  estimated,
  forInput,
  INITIAL_BULK_FLOW,
  inputKey,
  occupiedBeside,
  startBlocker,
  tabTargetProblem,
} from './bulk-flow-state';
import { whileBusy } from '../ui/busy';
import { createSourcePicker } from './column-source-picker';
import { createElement } from '../ui/create-element';
import { errorMessage, isOverwriteQuestion } from '../server-calls/error-text';
import {
  bulkEstimateFacts,
  confirmCostLabel,
  type InputNoun,
  maxCostText,
  occupiedText,
  startLabel,
} from '../ui/estimate-text';
import { type CostedRun, createCostedRun } from '../ui/costed-run';
import type { InputSection } from '../../bridge-contract/section-input-api';
import { button, checkboxField, factList } from '../ui/form-fields';
import type { Parsed } from '../ui/number-input';
import type { SectionView, SidebarContext } from '../sidebar-context';

/** Extra choices of one bulk action (the reports' platform and columns). */
export interface BulkOptionsForm<O> {
  element: HTMLElement;
  read(): Parsed<O>;
  onChange(listener: () => void): void;
}

export interface BulkSectionConfig<O> {
  /** The section: its input cells are kept under its name (issue 25). */
  section: InputSection;
  title: string;
  intro: string;
  noun: InputNoun;
  /** Prefix of the section's field ids ("enrich": `enrich-tab-mode`). */
  idPrefix: string;
  /** The tab the server names the results' tab when no name is given ("E-mail enrichment"). */
  defaultTabName: string;
  /** "Start enrichment": the cost is added to it. */
  startVerb: string;
  options?: BulkOptionsForm<O>;
  /** The options when there is no form for them. */
  defaultOptions: O;
  estimate(source: ColumnSource, options: O): Promise<BulkEstimate>;
  start(start: BulkStart, options: O): Promise<JobView>;
}

/**
 * A bulk action's page: pick the input and the target (beside the input, or another tab: a new one
 * each run, or a named one replaced or added to), Check (counts and the most it can cost), accept
 * the cost when asked, Start; the job then shows in the section's jobs strip, below. The server
 * may answer Start with a question about overwriting cells, which the user answers here, and
 * refuses a named tab it cannot write (the input's own, another table's header) before anything
 * is paid. What Check and Start say shows under them; figures of a Check go as soon as the input
 * changes.
 */
export function renderBulkSection<O>(
  panel: HTMLElement,
  context: SidebarContext,
  config: BulkSectionConfig<O>,
): SectionView {
  const picker = createSourcePicker({
    inputNoun: config.noun.plural,
    idPrefix: config.idPrefix,
    defaultTabName: config.defaultTabName,
    section: config.section,
    getKept: () => context.server.getSectionInput(config.section),
    keepSelection: () => context.server.useSelectionAsInput(config.section),
    onError: (action, error) => context.fail(action, error),
  });
  const check = button('Check', { primary: false });
  const checkRow = createElement('div', { class: 'actions' }, [check]);
  const atCheck = context.near(checkRow);
  const inputError = createElement('p', { class: 'field-error', role: 'alert', hidden: '' });
  const overwriteText = createElement('p');
  const overwrite = button('Overwrite', { primary: true });
  const keep = button('Keep my data');
  const overwriteBox = createElement('div', { class: 'question', role: 'alert', hidden: '' }, [
    overwriteText,
    createElement('div', { class: 'actions' }, [overwrite, keep]),
  ]);

  let flow: BulkFlowState = INITIAL_BULK_FLOW;
  const costed: CostedRun = createCostedRun({
    initialLabel: config.startVerb,
    label: () => startLabel(config.startVerb, flow.checked?.estimate.maxCredits ?? null),
    blockReason: () => blockReason(),
    run: () => run(false),
    alsoBusy: () => [check, overwrite, keep],
    afterRun: () => update(),
    blockerPrefix: 'start-blocker',
  });
  /** The "write over them" warning of the last estimate; it matters only for a "beside" target. */
  let overwriteConsent: HTMLElement | null = null;
  // Start's messages go under the line that says why it cannot run yet.
  const atStart = context.near(costed.elements[costed.elements.length - 1]);

  /** The input as the server will read it, or what is wrong with the fields. */
  const readInput = (): Parsed<{ source: ColumnSource; options: O; key: string }> => {
    const source = picker.source();
    if (!source.ok) return source;
    const options =
      config.options === undefined
        ? { ok: true as const, value: config.defaultOptions }
        : config.options.read();
    if (!options.ok) return options;
    return {
      ok: true,
      value: {
        source: source.value,
        options: options.value,
        key: inputKey(source.value, picker.selectionKey(), options.value),
      },
    };
  };

  /** The flow with the consent the user gave in the estimate region. */
  const currentFlow = (): BulkStartCheck => ({ ...flow, confirmedCost: costed.confirmed() });

  /** The "Write into" choice cannot take this input's results (said under the choice), or null. */
  const targetProblem = (): string | null =>
    tabTargetProblem(picker.target(), picker.inputTab(), config.defaultTabName, config.noun);

  const blockReason = (): string | null => {
    const input = readInput();
    if (!input.ok) return input.message;
    if (targetProblem() !== null) return 'Choose another tab under "Write into" above.';
    return startBlocker(currentFlow(), input.value.key, config.noun, picker.target().kind);
  };

  /** The kept cells may hold other values since the last look: estimates and starts read them anew. */
  const refreshIfSelection = async (): Promise<void> => {
    const source = picker.source();
    if (source.ok && source.value.kind !== 'column') await picker.refreshSelection();
  };

  const update = (): void => {
    picker.tabMode.field.setError(targetProblem());
    costed.refresh();
    if (overwriteConsent !== null) overwriteConsent.hidden = picker.target().kind !== 'beside';
    overwriteBox.hidden = flow.overwriteQuestion === null;
    overwriteText.textContent = flow.overwriteQuestion ?? '';
  };

  const showEstimate = (estimate: BulkEstimate): void => {
    const parts: Node[] = [
      factList(bulkEstimateFacts(estimate, config.noun)),
      createElement('p', {}, [estimate.summary]),
      createElement('p', { class: 'cost' }, [maxCostText(estimate.maxCredits)]),
    ];
    const after: Node[] = [];
    const occupied = occupiedBeside(estimate);
    overwriteConsent = null;
    if (occupied !== null) {
      const consent = checkboxField('Write over them', false, 'Or choose "In another tab" above.');
      consent.control.addEventListener('change', () => {
        flow = { ...flow, confirmedOverwrite: consent.control.checked };
        update();
      });
      overwriteConsent = createElement('div', { class: 'question' }, [
        createElement('p', {}, [occupiedText(occupied)]),
        consent.wrapper,
      ]);
      after.push(overwriteConsent);
    }
    costed.showEstimate({
      parts,
      confirmLabel: estimate.needsConfirmation ? confirmCostLabel(estimate.maxCredits) : null,
      after,
    });
  };

  const showInputError = (message: string | null): void => {
    inputError.textContent = message ?? '';
    inputError.hidden = message === null;
  };

  /** The selection, column or options changed: figures of a Check of other input go. */
  const inputChanged = (): void => {
    const input = readInput();
    const next = forInput(flow, input.ok ? input.value.key : null);
    if (next !== flow) {
      flow = next;
      overwriteConsent = null;
      costed.dropConsent();
      costed.showNote('The input changed since the last Check: press Check again.');
    }
    update();
  };

  check.addEventListener('click', () => {
    atCheck.status.clear();
    void whileBusy(
      [check, costed.button],
      async () => {
        await refreshIfSelection();
        const input = readInput();
        if (!input.ok) {
          showInputError(input.message);
          return;
        }
        showInputError(null);
        costed.showNote('Counting…');
        try {
          const estimate = await config.estimate(input.value.source, input.value.options);
          flow = estimated(input.value.key, estimate);
          costed.dropConsent();
          showEstimate(estimate);
        } catch (error) {
          flow = INITIAL_BULK_FLOW;
          overwriteConsent = null;
          costed.showOther();
          atCheck.fail('check the input', error);
        }
      },
      { button: check, text: 'Checking…' },
    ).finally(update);
  });

  /** Starts the job; `answeredOverwrite` is the user's "Overwrite" to the server's question. */
  const run = async (answeredOverwrite: boolean): Promise<void> => {
    await refreshIfSelection();
    const input = readInput();
    const target = picker.target();
    const confirmedOverwrite = answeredOverwrite || flow.confirmedOverwrite;
    const reason = input.ok
      ? (targetProblem() ??
        startBlocker({ ...currentFlow(), confirmedOverwrite }, input.value.key, config.noun, target.kind))
      : input.message;
    if (!input.ok || reason !== null) {
      atStart.status.error(reason ?? 'Check the input first.');
      return;
    }
    try {
      const job = await config.start(
        { source: input.value.source, target, confirmedCost: costed.confirmed(), confirmedOverwrite },
        input.value.options,
      );
      // A new run needs a new check, so a second click cannot pay twice.
      flow = INITIAL_BULK_FLOW;
      costed.dropConsent();
      overwriteConsent = null;
      costed.showOther();
      // The jobs strip below shows it and says it started.
      atStart.status.clear();
      context.jobs.track(job);
      // A tab made for the results is one more the name field offers.
      loadTabs();
    } catch (error) {
      const message = errorMessage(error);
      if (!confirmedOverwrite && isOverwriteQuestion(message)) {
        flow = { ...flow, overwriteQuestion: message };
        update();
        overwrite.focus();
      } else {
        flow = { ...flow, overwriteQuestion: null };
        atStart.fail('start', error);
      }
    }
  };

  overwrite.addEventListener('click', () => void costed.whileRunning(() => run(true), overwrite));
  keep.addEventListener('click', () => {
    flow = { ...flow, overwriteQuestion: null };
    update();
    atStart.status.info('Nothing was written. Choose "In another tab", or another column, and press Start.');
    costed.button.focus();
  });

  picker.onChange(inputChanged);
  config.options?.onChange(inputChanged);

  /** The document's tabs, offered by the tab name field and telling the "Write into" hint whether its tab exists. */
  function loadTabs(): void {
    context.server.listTabNames().then(picker.tabMode.setTabs, () => undefined);
  }

  panel.replaceChildren(
    createElement('h2', {}, [config.title]),
    createElement('p', { class: 'intro' }, [config.intro]),
    picker.element,
    ...(config.options === undefined ? [] : [config.options.element]),
    inputError,
    checkRow,
    ...costed.elements,
    overwriteBox,
  );
  update();
  void picker.refreshSelection();
  loadTabs();

  return {
    onShow() {
      void picker.refreshSelection();
      loadTabs();
    },
  };
}
