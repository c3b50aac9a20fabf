import type { AccountView, SpendView } from '../shared/sidebar-api';
import { balanceFacts, budgetText, spendFacts } from './account-text';
import { whileBusy } from './busy';
import { formatCount } from './count-text';
import { createElement } from './create-element';
import { failureText } from './error-text';
import { button, factList } from './form-fields';
import type { SectionDefinition, SidebarContext, SectionView } from './sidebar-context';

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

/** Account: what is left on the API account, what I spent, and (admins) what the team spent. */
function renderAccountSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const refresh = button('Refresh', { small: true });
  const body = createElement('div', { 'aria-live': 'polite' });
  const load = (): Promise<void> =>
    whileBusy([refresh], async () => {
      body.setAttribute('aria-busy', 'true');
      try {
        body.replaceChildren(...accountView(await context.server.getAccount()));
      } catch (error) {
        body.replaceChildren(
          createElement('p', { class: 'field-error' }, [failureText('read the account', error)]),
        );
        context.fail('read the account', error);
      } finally {
        body.removeAttribute('aria-busy');
      }
    });
  refresh.addEventListener('click', () => void load());
  panel.replaceChildren(
    createElement('div', { class: 'section-head' }, [createElement('h2', {}, ['Account']), refresh]),
    body,
  );
  void load();
  return { onShow: () => void load() };
}

export const accountSection: SectionDefinition = { title: 'Account', render: renderAccountSection };
