import { MAX_FORMULA_ALLOWANCE_PER_DAY } from '../../../shared/worker-api/request-limits';
import type { FormulaAsk } from '../../../shared/worker-api/formula-allowance';
import type { FormulaAllowanceView, FormulaApprovalView } from '../../bridge-contract/formula-allowance-api';
import { whileBusy } from '../ui/busy';
import { createElement } from '../ui/create-element';
import { failureText } from '../server-calls/error-text';
import { button, factList, textField, withId } from '../ui/form-fields';
import {
  allowanceFacts,
  approveAskLabel,
  approvedText,
  approveLabel,
  askText,
  changesHeading,
  changeText,
  whoMayApproveText,
} from './formula-allowance-text';
import { parseOptionalNumber } from '../ui/number-input';
import type { SidebarContext } from '../sidebar-context';

const ALLOWANCE_HINT =
  'Sheets recalculates formulas whenever it likes, so formulas spend on their own only up to this ' +
  'many credits a day (UTC). Beyond it they fetch nothing new and say so until someone approves ' +
  'the cost here. Rows already fetched are always free. Leave it blank for no cap.';

export interface FormulaAllowancePanel {
  element: HTMLElement;
  /** Reads the allowance again (Settings opened, formulas connected or disconnected). */
  load(): Promise<void>;
}

/** A run the approval started writes its tab within seconds: the status is read again then. */
export const AFTER_RUN_STARTED_MS = 8000;

/**
 * Settings' formula allowance: what this document's formulas may spend without asking, what they
 * spent today, the formulas and schedules waiting for an approval, each named with its cell or
 * tab and its cost, and (for whoever connected the formulas, or an admin) an Approve button
 * beside each (issue 25: in view where the ask is; approving a schedule's runs it at once), one
 * for all of them, and the allowance itself. It shows the document status the sidebar keeps
 * (document-status-feed.ts), so what it says is at most a minute old. Failures show here, beside
 * the button that caused them.
 */
export function createFormulaAllowancePanel(context: SidebarContext): FormulaAllowancePanel {
  const facts = createElement('div', { 'aria-live': 'polite' });
  const asks = createElement('ul', { class: 'formula-asks' });
  const approve = button('Approve', { primary: true, small: true });
  const whoMay = createElement('p', { class: 'hint' });
  const perDay = withId(
    textField({ label: 'Credits a day without asking', inputMode: 'decimal', hint: ALLOWANCE_HINT }),
    'formula-allowance-per-day',
  );
  const save = button('Save allowance', { small: true });
  const message = createElement('p', { 'aria-live': 'polite' });
  // Who connected, took over, approved or scheduled what (issue 22): every editor sees it.
  const changesSummary = createElement('summary', {}, ['Changes to this spreadsheet']);
  const changesList = createElement('ul', { class: 'document-changes' });
  const changes = createElement('details', { class: 'document-changes-box' }, [changesSummary, changesList]);
  const editing = createElement('div', {}, [
    perDay.wrapper,
    createElement('div', { class: 'actions' }, [save]),
  ]);
  const element = createElement('div', { class: 'formula-allowance' }, [
    facts,
    asks,
    createElement('div', { class: 'actions' }, [approve]),
    whoMay,
    editing,
    message,
    changes,
  ]);
  let shown: FormulaAllowanceView | null = null;
  /** Every button and field the panel disables while one of its calls is under way. */
  let controls: (HTMLButtonElement | HTMLInputElement)[] = [approve, save, perDay.control];

  const say = (text: string, kind: 'ok' | 'field-error' | 'hint'): void => {
    message.className = kind;
    message.textContent = text;
  };

  /** What is on screen, so a read that changed nothing (the minute's, mostly) leaves it be. */
  let shownKey = '';
  const show = (view: FormulaAllowanceView | null): void => {
    const key = JSON.stringify(view);
    if (key === shownKey) return;
    shownKey = key;
    shown = view;
    element.hidden = view === null || view.connectedBy === null;
    if (view === null) return;
    facts.replaceChildren(factList(allowanceFacts(view)));
    const askButtons: HTMLButtonElement[] = [];
    asks.replaceChildren(
      ...view.asks.map((ask) => {
        const line = createElement('li', { class: 'formula-ask' }, [
          createElement('span', {}, [askText(ask)]),
        ]);
        if (view.mayChange && ask.key !== undefined) {
          const one = button(approveAskLabel(ask), { small: true });
          one.addEventListener('click', () => approveAsks(one, [ask]));
          askButtons.push(one);
          line.append(' ', one);
        }
        return line;
      }),
    );
    controls = [approve, save, perDay.control, ...askButtons];
    // One ask is approved beside it; "all" is for two or more.
    approve.hidden = !view.mayChange || view.askedCredits <= 0 || askButtons.length === 1;
    approve.textContent = approveLabel(view.askedCredits);
    whoMay.hidden = view.mayChange || view.asks.length === 0;
    whoMay.textContent = whoMayApproveText(view);
    editing.hidden = !view.mayChange;
    // What someone is typing stays: a read while they type is no answer to it.
    if (perDay.control.ownerDocument.activeElement !== perDay.control) {
      perDay.control.value = view.perDay === null ? '' : String(view.perDay);
      perDay.setError(null);
    }
    changesSummary.textContent = changesHeading(view.changes.length);
    changesList.replaceChildren(
      ...view.changes.map((change) => createElement('li', {}, [changeText(change)])),
    );
  };

  const run = (clicked: HTMLButtonElement, busyText: string, call: () => Promise<void>, action: string) =>
    void whileBusy(
      controls,
      async () => {
        try {
          await call();
        } catch (error) {
          say(failureText(action, error), 'field-error');
        }
      },
      { button: clicked, text: busyText },
    );

  const approved = (credits: number, answer: FormulaApprovalView): void => {
    show(answer.allowance);
    say(approvedText(credits, answer.refreshed, answer.startedSchedules), 'ok');
    // What it spent, and the runs it started, as they end (issue 25: "Spent today" moves).
    void context.documentStatus.refresh();
    if (answer.startedSchedules.length > 0) context.documentStatus.refreshAfter(AFTER_RUN_STARTED_MS);
  };

  /** Approves these asks (those shown: an ask filed meanwhile waits for its own approval). */
  const approveAsks = (clicked: HTMLButtonElement, chosen: readonly FormulaAsk[]): void => {
    const credits = Math.round(chosen.reduce((sum, ask) => sum + ask.credits, 0) * 1000) / 1000;
    const keys = chosen.flatMap((ask) => (ask.key === undefined ? [] : [ask.key]));
    run(
      clicked,
      'Approving…',
      async () => {
        // An older worker names no asks: approving its total answers them all, as it always did.
        approved(
          credits,
          await context.server.approveFormulas(credits, keys.length === chosen.length ? keys : undefined),
        );
      },
      'approve',
    );
  };

  approve.addEventListener('click', () => approveAsks(approve, shown?.asks ?? []));

  save.addEventListener('click', () => {
    const parsed = parseOptionalNumber(perDay.control.value, {
      label: 'Credits a day',
      min: 0,
      max: MAX_FORMULA_ALLOWANCE_PER_DAY,
    });
    if (!parsed.ok) {
      perDay.setError(parsed.message);
      perDay.control.focus();
      return;
    }
    const value = parsed.value ?? null;
    run(
      save,
      'Saving…',
      async () => {
        show(await context.server.setFormulaAllowance(value));
        say(value === null ? 'Formulas now spend without a daily cap.' : 'Formula allowance saved.', 'ok');
      },
      'save the formula allowance',
    );
  });

  context.documentStatus.subscribe((status) => show(status?.allowance ?? null));
  context.documentStatus.onError((error) => {
    if (shown === null) return;
    say(failureText('read the formula allowance', error), 'field-error');
  });
  const load = async (): Promise<void> => {
    try {
      await context.documentStatus.refresh();
    } catch (error) {
      element.hidden = false;
      say(failureText('read the formula allowance', error), 'field-error');
    }
  };

  element.hidden = true;
  return { element, load };
}
