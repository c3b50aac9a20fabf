import { whileBusy } from './busy';
import { createElement } from './create-element';
import { button, checkboxField, type Field, uniqueId, withId } from './form-fields';

/**
 * The tail of every section that spends: the estimate (announced as it changes), the "I accept
 * spending up to…" box when the estimate asks for consent, the run button that says what it may
 * cost, and the line under it saying why it cannot run yet. Sections keep what differs: the
 * estimate's facts, the reason to block, the action. One copy of the consent and busy rules
 * means no section can forget to ask again after a paid run, or let a second click pay twice.
 */

type Control = HTMLButtonElement | HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

export interface CostedRunConfig {
  /** The button's text until the first refresh. */
  initialLabel: string;
  /** The button's text when idle; usually startLabel(verb, maxCredits). */
  label(): string;
  /** Why the action cannot run, in words that say what to do; null when it can. */
  blockReason(): string | null;
  /** The paid action, started by the button once nothing blocks it; it reports its own errors. */
  run(): Promise<void>;
  /** The button's text while the action runs: "Starting…" unless said. */
  busyText?: string;
  /** Other controls that must wait while the action runs (a Check button, the platform). */
  alsoBusy?(): Control[];
  /** What to redraw once the action ended; refresh() unless said. */
  afterRun?(): void;
  /** Stable ids browser tests find the parts by; a numbered blocker id otherwise. */
  ids?: { button?: string; estimate?: string; blocker?: string; confirm?: string };
  /** The prefix of the numbered blocker id: "run-blocker" unless said. */
  blockerPrefix?: string;
}

/** One estimate as shown: its facts and lines, the consent box if needed, then anything after. */
export interface EstimateView {
  parts: readonly Node[];
  /** The consent box's label ("I accept spending up to…"), or null when no consent is needed. */
  confirmLabel: string | null;
  /** Shown below the consent box (the bulk sections' "write over them" question). */
  after?: readonly Node[];
}

export interface CostedRun {
  /** The estimate region, the button's row and the blocker line, in page order. */
  readonly elements: readonly HTMLElement[];
  readonly button: HTMLButtonElement;
  showEstimate(view: EstimateView): void;
  /** A passing word in place of the estimate ("Counting…"). */
  showNote(text: string): void;
  /** Replaces the estimate with these nodes (an error), or with nothing. */
  showOther(...nodes: Node[]): void;
  /** The user ticked the consent box of the estimate shown. */
  confirmed(): boolean;
  /** Consent was given for one input (its key): another one drops it. */
  consentFor(key: string | null): void;
  /** Another paid run needs consent again. */
  dropConsent(): void;
  running(): boolean;
  /** Sets the button's state and text and the blocker line from the section's state. */
  refresh(): void;
  /** Runs a task as the action (busy controls, busy text), e.g. from a second button. */
  whileRunning(task: () => Promise<void>, trigger?: HTMLButtonElement): Promise<void>;
}

function parts(config: CostedRunConfig) {
  const ids = config.ids ?? {};
  const estimate = createElement('div', {
    class: 'estimate',
    ...(ids.estimate === undefined ? {} : { id: ids.estimate }),
    'aria-live': 'polite',
  });
  const run = button(config.initialLabel, { primary: true });
  if (ids.button !== undefined) run.id = ids.button;
  const blockerId = ids.blocker ?? uniqueId(config.blockerPrefix ?? 'run-blocker');
  const blocker = createElement('p', { class: 'hint', id: blockerId });
  run.setAttribute('aria-describedby', blockerId);
  return { estimate, run, blocker };
}

export function createCostedRun(config: CostedRunConfig): CostedRun {
  const { estimate, run, blocker } = parts(config);
  let confirmed = false;
  let consentKey: string | null = null;
  let confirmBox: Field<HTMLInputElement> | null = null;
  let running = false;

  const refresh = (): void => {
    const reason = config.blockReason();
    blocker.textContent = reason ?? '';
    // While it runs the button keeps its busy text and stays off, whatever the form does.
    if (running) {
      run.disabled = true;
      return;
    }
    run.disabled = reason !== null;
    run.textContent = config.label();
  };

  const dropConsent = (): void => {
    confirmed = false;
    if (confirmBox !== null) confirmBox.control.checked = false;
  };

  const consentBox = (label: string): Field<HTMLInputElement> => {
    const box = checkboxField(label, confirmed);
    if (config.ids?.confirm !== undefined) withId(box, config.ids.confirm);
    box.control.addEventListener('change', () => {
      confirmed = box.control.checked;
      refresh();
    });
    return box;
  };

  const showOther = (...nodes: Node[]): void => {
    confirmBox = null;
    estimate.replaceChildren(...nodes);
  };

  const whileRunning = async (task: () => Promise<void>, trigger = run): Promise<void> => {
    running = true;
    refresh();
    const controls = [run, ...(config.alsoBusy?.() ?? [])];
    try {
      await whileBusy(controls, task, { button: trigger, text: config.busyText ?? 'Starting…' });
    } finally {
      running = false;
      (config.afterRun ?? refresh)();
    }
  };

  run.addEventListener('click', () => {
    if (running || config.blockReason() !== null) return;
    void whileRunning(() => config.run());
  });

  return {
    elements: [estimate, createElement('div', { class: 'actions' }, [run]), blocker],
    button: run,
    showEstimate(view) {
      confirmBox = view.confirmLabel === null ? null : consentBox(view.confirmLabel);
      const box = confirmBox === null ? [] : [confirmBox.wrapper];
      estimate.replaceChildren(...view.parts, ...box, ...(view.after ?? []));
    },
    showNote: (text) => showOther(createElement('p', { class: 'hint' }, [text])),
    showOther,
    confirmed: () => confirmed,
    consentFor(key) {
      if (key !== consentKey) dropConsent();
      consentKey = key;
    },
    dropConsent,
    running: () => running,
    refresh,
    whileRunning,
  };
}
