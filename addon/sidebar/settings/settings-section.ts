import { reconnectedFormulasText } from '../../bridge-contract/formula-refresh-text';
import type { ConnectedSettings, ConnectionTest, Settings } from '../../bridge-contract/sidebar-api';
import { whileBusy } from '../ui/busy';
import { createElement } from '../ui/create-element';
import { failureText } from '../server-calls/error-text';
import { button, factList, textField } from '../ui/form-fields';
import { createConnectedDocumentsPanel } from './connected-documents-panel';
import { createDeliveryPanel } from './delivery-panel';
import { createScheduleAlertsPanel } from '../schedules/schedule-alerts-panel';
import { createFormulaAllowancePanel } from './formula-allowance-panel';
import { createFormulaHelp } from './formula-help';
import type { SectionDefinition, SectionView, SidebarContext } from '../sidebar-context';
import { readWorkerUrl } from './worker-url-input';

const CONNECT_EXPLANATION =
  'The Discovery API token stays on the worker, never in this spreadsheet. Connect signs you in to ' +
  'the worker with your Google account: it keeps a personal key in your user properties for this ' +
  'sidebar, and gives this spreadsheet a document key for its formulas, which every editor’s ' +
  'formulas use and which bills you. Disconnect forgets your key and stops formulas you connected.';

/** "Connected as ana@team.com. Refreshed the 3 formulas that said “Not connected”." */
function connectedText(lead: string, settings: ConnectedSettings): string {
  return [lead, reconnectedFormulasText(settings.formulaRefresh)].filter((part) => part !== '').join(' ');
}

/** Who pays for this document's formulas, in words. */
function formulasText(formulas: Settings['formulas']): string {
  if (formulas === null) return 'Not connected: formulas show "Not connected" until someone connects';
  if (formulas.byYou) return 'Connected by you: your budget pays for them';
  return `Connected by ${formulas.email ?? 'another editor'}: their budget pays for them`;
}

function whoText(email: string | null, role: Settings['role']): string {
  if (email === null) return 'Unknown';
  return role === null ? email : `${email} (${role})`;
}

/** Settings: the worker, connecting to it, testing the connection, and the service's health. */
function renderSettingsSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const url = textField({
    label: 'Worker URL',
    type: 'url',
    inputMode: 'url',
    hint: 'The address of your team’s Creator Sheets worker.',
  });
  const save = button('Save URL', { small: true });
  const connection = createElement('div', { class: 'connection', 'aria-live': 'polite' });
  const connect = button('Connect', { primary: true });
  const disconnect = button('Disconnect');
  const test = button('Test connection');
  const formulas = createElement('div', { class: 'formulas', 'aria-live': 'polite' });
  const connectFormulas = button('Use my account for formulas', { small: true });
  const disconnectFormulas = button('Disconnect formulas', { small: true });
  // What Connect did to the formulas, beside them, after the status line has faded.
  const formulasNote = createElement('p', { class: 'hint formulas-note', 'aria-live': 'polite' });
  const allowance = createFormulaAllowancePanel(context);
  const documents = createConnectedDocumentsPanel(context);
  const delivery = createDeliveryPanel(context);
  const scheduleAlerts = createScheduleAlertsPanel(context);
  const testResult = createElement('div', { class: 'test-result', 'aria-live': 'polite' });
  const healthDetail = createElement('p', { class: 'hint' });
  const refreshHealth = button('Refresh status', { small: true });
  // One line here; every group, the worker and the ledger are in Health, on demand.
  const healthDetails = button('Health details', { small: true });
  healthDetails.addEventListener('click', () => context.navigate('health'));
  const controls = [url.control, save, connect, disconnect, test, connectFormulas, disconnectFormulas];

  const showSettings = (settings: Settings): void => {
    url.control.value = settings.workerUrl;
    url.setError(null);
    connection.replaceChildren(
      factList([
        { label: 'Status', value: settings.connected ? 'Connected' : 'Not connected' },
        { label: 'Signed in as', value: settings.connected ? whoText(settings.email, settings.role) : '—' },
      ]),
    );
    connect.hidden = settings.connected;
    disconnect.hidden = !settings.connected;
    formulas.replaceChildren(factList([{ label: 'Formulas', value: formulasText(settings.formulas) }]));
    // Connecting again as oneself moves the document's formulas onto one's own budget.
    connectFormulas.hidden = settings.formulas?.byYou === true;
    disconnectFormulas.hidden = settings.formulas === null;
    // Who may approve changes with who connected the formulas; nothing to show without them.
    if (settings.connected && settings.formulas !== null) void allowance.load();
    else allowance.element.hidden = true;
    if (settings.connected) void documents.load(settings.role === 'admin');
    else documents.element.hidden = true;
    if (settings.connected) void delivery.load();
    else delivery.element.hidden = true;
  };

  const showTest = (result: ConnectionTest): void => {
    testResult.replaceChildren(
      createElement('p', { class: result.ok ? 'ok' : 'field-error' }, [result.message]),
      factList([{ label: 'Who am I', value: whoText(result.email, result.role) }]),
    );
    if (result.health !== null) context.health.show(result.health);
  };

  const act = (
    action: string,
    clicked: HTMLButtonElement,
    busyText: string,
    call: () => Promise<void>,
  ): void => {
    void whileBusy(
      controls,
      async () => {
        try {
          await call();
        } catch (error) {
          context.fail(action, error);
        }
      },
      { button: clicked, text: busyText },
    );
  };

  save.addEventListener('click', () => {
    const parsed = readWorkerUrl(url.control.value);
    if (!parsed.ok) {
      url.setError(parsed.message);
      url.control.focus();
      return;
    }
    act('save the worker URL', save, 'Saving…', async () => {
      showSettings(await context.server.saveWorkerUrl(parsed.value));
      context.status.success('Worker URL saved. Press Connect to sign in to it.');
      void refreshHealthNow();
    });
  });
  const noteRefresh = (settings: ConnectedSettings): void => {
    // Someone else's key pays and stays: the worker's sentence says who, and how to change it.
    formulasNote.textContent = [
      reconnectedFormulasText(settings.formulaRefresh),
      settings.formulasKeptBy ?? '',
    ]
      .filter((part) => part !== '')
      .join(' ');
  };
  connect.addEventListener('click', () =>
    act('connect', connect, 'Connecting…', async () => {
      const settings = await context.server.connect();
      showSettings(settings);
      noteRefresh(settings);
      const who = settings.email === null ? '' : ` as ${settings.email}`;
      context.status.success(connectedText(`Connected${who}.`, settings));
      // The badge read "No status" while the worker refused a stranger; now it answers.
      void refreshHealthNow();
    }),
  );
  disconnect.addEventListener('click', () =>
    act('disconnect', disconnect, 'Disconnecting…', async () => {
      showSettings(await context.server.disconnect());
      testResult.replaceChildren();
      formulasNote.textContent = '';
      context.status.info('Disconnected: formulas and jobs stop until you connect again.');
    }),
  );
  connectFormulas.addEventListener('click', () =>
    act('connect the formulas', connectFormulas, 'Connecting…', async () => {
      const settings = await context.server.connectFormulas();
      showSettings(settings);
      noteRefresh(settings);
      context.status.success(
        connectedText('This spreadsheet’s formulas now use your account and your budget.', settings),
      );
    }),
  );
  disconnectFormulas.addEventListener('click', () =>
    act('disconnect the formulas', disconnectFormulas, 'Disconnecting…', async () => {
      showSettings(await context.server.disconnectFormulas());
      formulasNote.textContent = '';
      context.status.info('Formulas in this spreadsheet stop until someone connects it again.');
    }),
  );
  test.addEventListener('click', () =>
    act('test the connection', test, 'Testing…', async () => {
      showTest(await context.server.testConnection());
    }),
  );

  const refreshHealthNow = async (): Promise<void> => {
    refreshHealth.disabled = true;
    try {
      await context.health.refresh();
    } finally {
      refreshHealth.disabled = false;
    }
  };
  refreshHealth.addEventListener('click', () => void refreshHealthNow());

  const load = async (): Promise<void> => {
    connection.replaceChildren(createElement('p', { class: 'hint' }, ['Reading settings…']));
    try {
      showSettings(await context.server.getSettings());
    } catch (error) {
      connection.replaceChildren(
        createElement('p', { class: 'field-error' }, [failureText('read the settings', error)]),
      );
    }
  };

  panel.replaceChildren(
    createElement('h2', {}, ['Settings']),
    url.wrapper,
    createElement('div', { class: 'actions' }, [save]),
    createElement('h3', {}, ['Connection']),
    connection,
    createElement('div', { class: 'actions' }, [connect, disconnect, test]),
    testResult,
    formulas,
    createElement('div', { class: 'actions' }, [connectFormulas, disconnectFormulas]),
    formulasNote,
    allowance.element,
    createFormulaHelp(),
    createElement('p', { class: 'hint' }, [CONNECT_EXPLANATION]),
    delivery.element,
    scheduleAlerts.element,
    documents.element,
    createElement('div', { class: 'section-head' }, [
      createElement('h3', {}, ['Service status']),
      refreshHealth,
    ]),
    healthDetail,
    createElement('div', { class: 'actions' }, [healthDetails]),
  );
  healthDetail.textContent = context.health.current?.detail ?? '';
  context.health.onChange((badge) => {
    healthDetail.textContent = badge.detail;
  });
  void load();
  void scheduleAlerts.load();
  return {
    onShow: () => {
      void load();
      void scheduleAlerts.load();
    },
  };
}

export const settingsSection: SectionDefinition = { title: 'Settings', render: renderSettingsSection };
