import type { BulkEstimate, BulkStart, ColumnSource, JobView } from '../shared/sidebar-api';
import {
  type BulkFlowState,
  type BulkStartCheck,
  estimated,
  INITIAL_BULK_FLOW,
  inputKey,
  occupiedBeside,
  startBlocker,
} from './bulk-flow-state';
import { whileBusy } from './busy';
import { createSourcePicker } from './column-source-picker';
import { createElement } from './create-element';
import { errorMessage, isOverwriteQuestion } from './error-text';
import {
  bulkEstimateFacts,
  confirmCostLabel,
  type InputNoun,
  maxCostText,
  occupiedText,
  startLabel,
} from './estimate-text';
import { type CostedRun, createCostedRun } from './costed-run';
import { button, checkboxField, factList } from './form-fields';
import type { Parsed } from './number-input';
import type { SectionView, SidebarContext } from './sidebar-context';

/** Extra choices of one bulk action (the reports' platform and columns). */
export interface BulkOptionsForm<O> {
  element: HTMLElement;
  read(): Parsed<O>;
  onChange(listener: () => void): void;
}

export interface BulkSectionConfig<O> {
  title: string;
  intro: string;
  noun: InputNoun;
  /** "Start enrichment": the cost is added to it. */
  startVerb: string;
  options?: BulkOptionsForm<O>;
  /** The options when there is no form for them. */
  defaultOptions: O;
  estimate(source: ColumnSource, options: O): Promise<BulkEstimate>;
  start(start: BulkStart, options: O): Promise<JobView>;
}

/**
 * A bulk action's page: pick the input and the target, Check (counts and the most it can cost),
 * accept the cost when asked, Start; the job then shows in the shell's jobs panel. The server may
 * answer Start with a question about overwriting cells, which the user answers here.
 */
export function renderBulkSection<O>(
  panel: HTMLElement,
  context: SidebarContext,
  config: BulkSectionConfig<O>,
): SectionView {
  const picker = createSourcePicker({
    inputNoun: config.noun.plural,
    getSelectionInfo: () => context.server.getSelectionInfo(),
    onError: (action, error) => context.fail(action, error),
  });
  const check = button('Check', { primary: false });
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

  const blockReason = (): string | null => {
    const input = readInput();
    const target = picker.target().kind;
    return input.ok ? startBlocker(currentFlow(), input.value.key, config.noun, target) : input.message;
  };

  /** The selection may have moved since the last look; estimates and starts must use the current one. */
  const refreshIfSelection = async (): Promise<void> => {
    const source = picker.source();
    if (source.ok && source.value.kind === 'selection') await picker.refreshSelection();
  };

  const update = (): void => {
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
      const consent = checkboxField('Write over them', false, 'Or choose "In a new tab" above.');
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

  check.addEventListener('click', () => {
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
          context.fail('check the input', error);
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
      ? startBlocker({ ...currentFlow(), confirmedOverwrite }, input.value.key, config.noun, target.kind)
      : input.message;
    if (!input.ok || reason !== null) {
      context.status.error(reason ?? 'Check the input first.');
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
      context.jobs.track(job);
      context.status.success(`Started. ${job.message}`);
    } catch (error) {
      const message = errorMessage(error);
      if (!confirmedOverwrite && isOverwriteQuestion(message)) {
        flow = { ...flow, overwriteQuestion: message };
        update();
        overwrite.focus();
      } else {
        flow = { ...flow, overwriteQuestion: null };
        context.fail('start', error);
      }
    }
  };

  overwrite.addEventListener('click', () => void costed.whileRunning(() => run(true), overwrite));
  keep.addEventListener('click', () => {
    flow = { ...flow, overwriteQuestion: null };
    update();
    context.status.info('Nothing was written. Choose "In a new tab", or another column, and press Start.');
    costed.button.focus();
  });

  picker.onChange(update);
  config.options?.onChange(update);

  panel.replaceChildren(
    createElement('h2', {}, [config.title]),
    createElement('p', { class: 'intro' }, [config.intro]),
    picker.element,
    ...(config.options === undefined ? [] : [config.options.element]),
    inputError,
    createElement('div', { class: 'actions' }, [check]),
    ...costed.elements,
    overwriteBox,
  );
  update();
  void picker.refreshSelection();

  return {
    onShow() {
      void picker.refreshSelection();
    },
  };
}
