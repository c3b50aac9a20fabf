import { MAX_FORMULA_ALLOWANCE_PER_DAY } from '../../shared/worker-api/request-limits';
import type { FormulaAllowanceView } from '../shared/formula-allowance-api';
import { whileBusy } from './busy';
import { createElement } from './create-element';
import { failureText } from './error-text';
import { button, factList, textField, withId } from './form-fields';
import {
  allowanceFacts,
  approvedText,
  approveLabel,
  askText,
  changesHeading,
  changeText,
  whoMayApproveText,
} from './formula-allowance-text';
import { parseOptionalNumber } from './number-input';
import type { SidebarContext } from './sidebar-context';

const ALLOWANCE_HINT =
  'Sheets recalculates formulas whenever it likes, so formulas spend on their own only up to this ' +
  'many credits a day (UTC). Beyond it they fetch nothing new and say so until someone approves ' +
  'the cost here. Rows already fetched are always free. Leave it blank for no cap.';

export interface FormulaAllowancePanel {
  element: HTMLElement;
  /** Reads the allowance again (Settings opened, formulas connected or disconnected). */
  load(): Promise<void>;
}

/**
 * Settings' formula allowance: what this document's formulas may spend without asking, what they
 * spent today, the formulas waiting for an approval with their cost, and (for whoever connected
 * the formulas, or an admin) the Approve button and the allowance itself. Failures show here,
 * beside the button that caused them.
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

  const say = (text: string, kind: 'ok' | 'field-error' | 'hint'): void => {
    message.className = kind;
    message.textContent = text;
  };

  const show = (view: FormulaAllowanceView | null): void => {
    shown = view;
    element.hidden = view === null || view.connectedBy === null;
    if (view === null) return;
    facts.replaceChildren(factList(allowanceFacts(view)));
    asks.replaceChildren(...view.asks.map((ask) => createElement('li', {}, [askText(ask)])));
    approve.hidden = !view.mayChange || view.askedCredits <= 0;
    approve.textContent = approveLabel(view.askedCredits);
    whoMay.hidden = view.mayChange || view.asks.length === 0;
    whoMay.textContent = whoMayApproveText(view);
    editing.hidden = !view.mayChange;
    perDay.control.value = view.perDay === null ? '' : String(view.perDay);
    perDay.setError(null);
    changesSummary.textContent = changesHeading(view.changes.length);
    changesList.replaceChildren(
      ...view.changes.map((change) => createElement('li', {}, [changeText(change)])),
    );
  };

  const run = (clicked: HTMLButtonElement, busyText: string, call: () => Promise<void>, action: string) =>
    void whileBusy(
      [approve, save, perDay.control],
      async () => {
        try {
          await call();
        } catch (error) {
          say(failureText(action, error), 'field-error');
        }
      },
      { button: clicked, text: busyText },
    );

  approve.addEventListener('click', () => {
    const credits = shown?.askedCredits ?? 0;
    run(
      approve,
      'Approving…',
      async () => {
        const approved = await context.server.approveFormulas(credits);
        show(approved.allowance);
        say(approvedText(credits, approved.refreshed), 'ok');
      },
      'approve the formulas',
    );
  });

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

  const load = async (): Promise<void> => {
    try {
      show(await context.server.getFormulaAllowance());
    } catch (error) {
      element.hidden = false;
      say(failureText('read the formula allowance', error), 'field-error');
    }
  };

  element.hidden = true;
  return { element, load };
}
