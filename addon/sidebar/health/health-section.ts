import type { ContractDrift, HealthDetails, UnreadableAnswerSummary } from '../../bridge-contract/health-api';
import { whileBusy } from '../ui/busy';
import {
  CONTRACT_DRIFT_TEXT,
  contractSummaryText,
  driftLine,
  UNREADABLE_BODY_HINT,
  unreadableAnswerRecord,
  unreadableAnswerTitle,
} from './contract-drift-text';
import { createElement } from '../ui/create-element';
import { failureText } from '../server-calls/error-text';
import { button, detailsGroup, factList } from '../ui/form-fields';
import { agedHealth, groupsClause, healthBadge } from './health-summary';
import { reconciliationLines } from './reconciliation-text';
import { apiSummary, HEALTH_RULE_TEXT, healthGroupLabel, statusTone, workerFacts } from './health-text';
import { whenText } from '../ui/sheet-time';
import type { SectionDefinition, SectionView, SidebarContext } from '../sidebar-context';

/** An ISO time on the spreadsheet's clock, as every time the sidebar shows (issue 25). */
function localTime(iso: string): string {
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : whenText(ms);
}

function groupsTable(details: HealthDetails): HTMLTableElement {
  return createElement('table', { class: 'numbers health-groups', id: 'health-groups' }, [
    createElement('caption', {}, ['Status per group']),
    createElement('thead', {}, [
      createElement('tr', {}, [
        createElement('th', { scope: 'col' }, ['Group']),
        createElement('th', { scope: 'col' }, ['Status']),
      ]),
    ]),
    createElement(
      'tbody',
      {},
      details.view.api.groups.map((group) =>
        createElement('tr', {}, [
          createElement('th', { scope: 'row' }, [healthGroupLabel(group.name)]),
          // The word is always written: colour alone says nothing to some readers.
          createElement('td', { class: 'health-status', 'data-tone': statusTone(group.status) }, [
            group.status,
          ]),
        ]),
      ),
    ),
  ]);
}

const CONTRACT_ID = 'health-contract';
const GROUPS_ID = 'health-groups-group';

function unreadableItem(answer: UnreadableAnswerSummary): HTMLLIElement {
  const record = unreadableAnswerRecord(answer);
  return createElement('li', {}, [
    `${unreadableAnswerTitle(answer, localTime)}: answer `,
    // On its own, so a click selects the id whole for the admin endpoint.
    createElement('code', { class: 'answer-id' }, [answer.id]),
    ...(record === '' ? [] : [createElement('div', { class: 'hint' }, [record])]),
  ]);
}

/** Admins only; folded, since it matters on the day the vendor changes something. */
function contractView(contract: ContractDrift, open: boolean): HTMLDetailsElement {
  const children: Node[] = [createElement('p', { class: 'hint' }, [CONTRACT_DRIFT_TEXT])];
  if (contract.drifting.length > 0) {
    children.push(
      createElement(
        'ul',
        { class: 'contract-drift', id: 'health-drift' },
        contract.drifting.map((drift) => createElement('li', {}, [driftLine(drift)])),
      ),
    );
  }
  if (contract.unreadableAnswers.length > 0) {
    children.push(
      createElement('h4', {}, ['Latest unreadable answers']),
      createElement(
        'ul',
        { class: 'unreadable-answers', id: 'health-unreadable' },
        contract.unreadableAnswers.map(unreadableItem),
      ),
      createElement('p', { class: 'hint' }, [UNREADABLE_BODY_HINT]),
    );
  }
  return detailsGroup(contractSummaryText(contract), open, children, CONTRACT_ID);
}

function detailsView(details: HealthDetails, contractOpen: boolean, groupsOpen: boolean): Node[] {
  const badge = healthBadge(details.view);
  const parts: Node[] = [
    createElement('p', { class: 'health-overall', 'data-tone': badge.tone }, [badge.text]),
    createElement('p', { class: 'hint' }, [`Checked ${localTime(details.view.checkedAt)}.`]),
    createElement('h3', {}, ['Discovery API']),
    createElement('p', {}, [apiSummary(details)]),
  ];
  const { groups } = details.view.api;
  if (details.view.api.reachable && groups.length > 0) {
    // Folded while every group is Healthy: eleven rows saying so are a wall, not news.
    const unwell = groups.some((group) => group.status !== 'Healthy');
    parts.push(
      detailsGroup(
        `Status per group: ${groupsClause(groups)}`,
        unwell || groupsOpen,
        [groupsTable(details), createElement('p', { class: 'hint' }, [HEALTH_RULE_TEXT])],
        GROUPS_ID,
      ),
    );
  }
  parts.push(createElement('h3', {}, ['Worker']), factList(workerFacts(details, localTime)));
  if (details.reconciliation !== null) {
    parts.push(
      createElement('h3', {}, ['Ledger and API balance']),
      createElement(
        'div',
        { id: 'health-reconciliation' },
        reconciliationLines(details.reconciliation, localTime).map((line) => createElement('p', {}, [line])),
      ),
    );
  }
  if (details.contract !== null) parts.push(contractView(details.contract, contractOpen));
  return parts;
}

/** Health: the API's status per group and the worker's, read when shown and on Refresh. */
function renderHealthSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const refresh = button('Refresh', { small: true });
  refresh.id = 'health-refresh';
  const body = createElement('div', { id: 'health-details', 'aria-live': 'polite' });
  /** The last reading shown: its "Up for" moves on each minute, without another call. */
  let shownDetails: HealthDetails | null = null;
  const render = (details: HealthDetails): void => {
    // Refresh keeps the drift unfolded for an admin reading it.
    const shown = body.querySelector(`#${CONTRACT_ID}`);
    const contractOpen = shown instanceof HTMLDetailsElement && shown.open;
    const groupsShown = body.querySelector(`#${GROUPS_ID}`);
    const groupsOpen = groupsShown instanceof HTMLDetailsElement && groupsShown.open;
    const aged = { ...details, view: agedHealth(details.view, Date.now()) };
    body.replaceChildren(...detailsView(aged, contractOpen, groupsOpen));
  };
  context.documentStatus.onMinute(() => {
    if (shownDetails !== null) render(shownDetails);
  });
  const load = (): Promise<void> =>
    whileBusy([refresh], async () => {
      body.setAttribute('aria-busy', 'true');
      try {
        const details = await context.server.getHealthDetails();
        // The header badge shows the same reading.
        context.health.show(details.view);
        shownDetails = details;
        render(details);
      } catch (error) {
        shownDetails = null;
        body.replaceChildren(
          createElement('p', { class: 'field-error' }, [failureText('read the health', error)]),
        );
        context.fail('read the health', error);
      } finally {
        body.removeAttribute('aria-busy');
      }
    });
  refresh.addEventListener('click', () => void load());
  panel.replaceChildren(
    createElement('div', { class: 'section-head' }, [createElement('h2', {}, ['Health']), refresh]),
    body,
  );
  void load();
  return { onShow: () => void load() };
}

export const healthSection: SectionDefinition = { title: 'Health', render: renderHealthSection };
