import type {
  RunHistoryView,
  RunLine,
  SpendBreakdownView,
  SpendLine,
} from '../../bridge-contract/saved-work-api';
import type { AccountView, SpendView } from '../../bridge-contract/sidebar-api';
import {
  balanceFacts,
  budgetText,
  runOutcomeText,
  runWhatText,
  spendFacts,
  spendLineLabel,
  spendLineText,
} from './account-text';
import { whileBusy } from '../ui/busy';
import { formatCount } from '../ui/count-text';
import { createElement } from '../ui/create-element';
import { failureText } from '../server-calls/error-text';
import { button, factList } from '../ui/form-fields';
import type { SectionDefinition, SidebarContext, SectionView } from '../sidebar-context';

function spendTable(caption: string, today: SpendView, month: SpendView): HTMLTableElement {
  const todayFacts = spendFacts(today);
  const monthFacts = spendFacts(month);
  return createElement('table', { class: 'numbers' }, [
    createElement('caption', {}, [caption]),
    createElement('thead', {}, [
      createElement('tr', {}, [
        createElement('td', {}),
        createElement('th', { scope: 'col' }, ['Today']),
        createElement('th', { scope: 'col' }, ['This month']),
      ]),
    ]),
    createElement(
      'tbody',
      {},
      todayFacts.map((fact, index) =>
        createElement('tr', {}, [
          createElement('th', { scope: 'row' }, [fact.label]),
          createElement('td', {}, [fact.value]),
          createElement('td', {}, [monthFacts[index].value]),
        ]),
      ),
    ),
  ]);
}

function teamTable(users: NonNullable<AccountView['team']>['users']): HTMLTableElement {
  return createElement('table', { class: 'numbers' }, [
    createElement('caption', {}, ['Credits by person']),
    createElement('thead', {}, [
      createElement('tr', {}, [
        createElement('th', { scope: 'col' }, ['Who']),
        createElement('th', { scope: 'col' }, ['Today']),
        createElement('th', { scope: 'col' }, ['Month']),
      ]),
    ]),
    createElement(
      'tbody',
      {},
      users.map((user) =>
        createElement('tr', {}, [
          createElement('th', { scope: 'row', class: 'email' }, [user.email]),
          createElement('td', {}, [formatCount(user.today)]),
          createElement('td', {}, [formatCount(user.month)]),
        ]),
      ),
    ),
  ]);
}

function accountView(account: AccountView): Node[] {
  const parts: Node[] = [
    factList([
      { label: 'Signed in as', value: `${account.email} (${account.role})` },
      ...balanceFacts(account),
    ]),
    createElement('h3', {}, ['My spending']),
    factList([
      { label: 'Today', value: budgetText(account.spendToday.credits, account.budgets.day) },
      { label: 'This month', value: budgetText(account.spendMonth.credits, account.budgets.month) },
    ]),
    spendTable('My calls', account.spendToday, account.spendMonth),
  ];
  if (account.team !== null) {
    parts.push(
      createElement('h3', {}, ['Team']),
      spendTable('The whole team', account.team.today, account.team.month),
      account.team.users.length === 0
        ? createElement('p', { class: 'hint' }, ['Nobody has spent credits yet.'])
        : teamTable(account.team.users),
    );
  }
  return parts;
}

/** Runs shown at first; the rest behind "Show all". */
const RUNS_SHOWN = 10;

function runItem(line: RunLine): HTMLLIElement {
  return createElement('li', { class: `run run-${line.outcome}`, 'data-run': line.id }, [
    createElement('span', { class: 'run-what' }, [runWhatText(line)]),
    createElement('span', { class: 'run-outcome' }, [runOutcomeText(line)]),
  ]);
}

/** The document's runs, newest first: who, what, where, rows, credits, outcome, when. */
function runHistory(runs: readonly RunLine[]): Node[] {
  const heading = createElement('h3', {}, ['Runs in this spreadsheet']);
  if (runs.length === 0) {
    return [heading, createElement('p', { class: 'hint' }, ['Nothing has written a table here yet.'])];
  }
  const list = createElement(
    'ol',
    { class: 'run-history', id: 'account-runs' },
    runs.slice(0, RUNS_SHOWN).map(runItem),
  );
  const parts: Node[] = [
    heading,
    createElement('p', { class: 'hint' }, ['Everyone who edits this spreadsheet sees the same list.']),
    list,
  ];
  if (runs.length > RUNS_SHOWN) {
    const more = button(`Show all ${formatCount(runs.length)}`, { small: true });
    more.addEventListener('click', () => {
      list.replaceChildren(...runs.map(runItem));
      more.remove();
    });
    parts.push(more);
  }
  return parts;
}

/** Credits per operation or per day, biggest or newest first. */
function spendLinesTable(
  caption: string,
  by: 'operation' | 'day',
  lines: readonly SpendLine[],
  id: string,
): HTMLElement {
  if (lines.length === 0) return createElement('p', { class: 'hint', id }, [`${caption}: nothing spent.`]);
  return createElement('table', { class: 'numbers', id }, [
    createElement('caption', {}, [caption]),
    createElement('thead', {}, [
      createElement('tr', {}, [
        createElement('th', { scope: 'col' }, [by === 'operation' ? 'Operation' : 'Day (UTC)']),
        createElement('th', { scope: 'col' }, ['Spent']),
        createElement('th', { scope: 'col' }, ['Calls']),
      ]),
    ]),
    createElement(
      'tbody',
      {},
      lines.map((line) =>
        createElement('tr', {}, [
          createElement('th', { scope: 'row' }, [spendLineLabel(line, by)]),
          createElement('td', {}, [spendLineText(line)]),
          createElement('td', {}, [formatCount(line.calls)]),
        ]),
      ),
    ),
  ]);
}

function breakdownParts(whose: string, view: SpendBreakdownView, days: number, idPrefix: string): Node[] {
  return [
    spendLinesTable(
      `${whose} by operation, last ${days} days`,
      'operation',
      view.byOperation,
      `${idPrefix}-by-operation`,
    ),
    spendLinesTable(`${whose} by day`, 'day', view.byDay, `${idPrefix}-by-day`),
  ];
}

/** Where the credits went: mine, and for admins the team's, per operation and per UTC day. */
function breakdownView(history: RunHistoryView): Node[] {
  const heading = createElement('h3', {}, ['Where the credits went']);
  const breakdown = history.breakdown;
  if (breakdown === null) {
    return [heading, createElement('p', { class: 'hint' }, [history.breakdownNote ?? 'Not known yet.'])];
  }
  const parts: Node[] = [
    heading,
    ...breakdownParts('My credits', breakdown.mine, breakdown.days, 'account-mine'),
  ];
  if (breakdown.team !== null) {
    parts.push(...breakdownParts("The team's credits", breakdown.team, breakdown.days, 'account-team'));
  }
  return parts;
}

/** Account: what is left on the API account, what I spent, and (admins) what the team spent. */
function renderAccountSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const refresh = button('Refresh', { small: true });
  const body = createElement('div', { 'aria-live': 'polite' });
  // The runs and the breakdown (issue 15) load beside the account: one failing leaves the other.
  const history = createElement('div', { id: 'account-history', 'aria-live': 'polite' });
  const loadHistory = async (): Promise<void> => {
    try {
      const read = await context.server.getRunHistory();
      history.replaceChildren(...runHistory(read.runs), ...breakdownView(read));
    } catch (error) {
      history.replaceChildren(
        createElement('p', { class: 'field-error' }, [failureText('read the run history', error)]),
      );
    }
  };
  const loadAccount = async (): Promise<void> => {
    try {
      body.replaceChildren(...accountView(await context.server.getAccount()));
    } catch (error) {
      body.replaceChildren(
        createElement('p', { class: 'field-error' }, [failureText('read the account', error)]),
      );
      context.fail('read the account', error);
    }
  };
  const load = (): Promise<void> =>
    whileBusy([refresh], async () => {
      body.setAttribute('aria-busy', 'true');
      try {
        await Promise.all([loadAccount(), loadHistory()]);
      } finally {
        body.removeAttribute('aria-busy');
      }
    });
  refresh.addEventListener('click', () => void load());
  panel.replaceChildren(
    createElement('div', { class: 'section-head' }, [createElement('h2', {}, ['Account']), refresh]),
    body,
    history,
  );
  void load();
  return { onShow: () => void load() };
}

export const accountSection: SectionDefinition = { title: 'Account', render: renderAccountSection };
