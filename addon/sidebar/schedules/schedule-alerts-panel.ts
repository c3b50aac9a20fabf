import type { ScheduleAlertsView } from '../../bridge-contract/schedules-api';
import { whileBusy } from '../ui/busy';
import { createElement } from '../ui/create-element';
import { failureText } from '../server-calls/error-text';
import { button, textField, withId } from '../ui/form-fields';
import type { SidebarContext } from '../sidebar-context';

/**
 * Settings' "Schedule alerts" (issue 25): where this spreadsheet's failed scheduled runs are told
 * besides its sidebar and the banner on the schedule's tab: e-mail when the worker has a mail
 * server, and a chat webhook set here. The webhook is a secret: once saved, the sidebar is only
 * ever shown a hint of it; whoever connected the formulas, or an admin, may change it.
 */
export function createScheduleAlertsPanel(context: SidebarContext): {
  element: HTMLElement;
  load(): Promise<void>;
} {
  const state = createElement('p', { class: 'hint', id: 'schedule-alerts-state', 'aria-live': 'polite' });
  const url = withId(
    textField({ label: 'Chat webhook (https)', placeholder: 'https://chat.example.com/hooks/…' }),
    'schedule-alerts-webhook',
  );
  url.control.type = 'url';
  url.control.autocomplete = 'off';
  const save = button('Save webhook', { small: true });
  const remove = button('Remove webhook', { small: true });
  const message = createElement('p', { class: 'hint', 'aria-live': 'polite' });
  const element = createElement('div', { class: 'schedule-alerts' }, [
    createElement('h3', {}, ['Schedule alerts']),
    state,
    url.wrapper,
    createElement('div', { class: 'actions' }, [save, remove]),
    message,
  ]);
  element.hidden = true;

  const show = (view: ScheduleAlertsView | null) => {
    element.hidden = view === null;
    if (view === null) return;
    const mail = view.email
      ? 'A failed run is e-mailed to whoever set the schedule up and whoever connected the formulas.'
      : 'The worker has no mail server (SMTP settings), so failed runs are not e-mailed.';
    const hook =
      view.webhook === null
        ? 'No chat webhook.'
        : `Chat webhook: ${view.webhook.hint}, set by ${view.webhook.setBy}.`;
    state.textContent = `${mail} ${hook}`;
    url.wrapper.hidden = !view.mayChange;
    save.hidden = !view.mayChange;
    remove.hidden = !view.mayChange || view.webhook === null;
    if (!view.mayChange)
      message.textContent = 'Whoever connected the formulas, or an admin, sets the webhook.';
  };
  const change = (clicked: HTMLButtonElement, value: string | null) =>
    void whileBusy(
      [save, remove],
      async () => {
        try {
          show(await context.server.setScheduleAlertWebhook(value));
          url.control.value = '';
          message.textContent =
            value === null ? 'Removed the chat webhook.' : 'Saved: failed runs are posted there.';
        } catch (error) {
          message.textContent = failureText('save the webhook', error);
        }
      },
      { button: clicked, text: 'Saving…' },
    );
  save.addEventListener('click', () => change(save, url.control.value));
  remove.addEventListener('click', () => change(remove, null));

  return {
    element,
    async load() {
      try {
        show(await context.server.getScheduleAlerts());
      } catch {
        element.hidden = true;
      }
    },
  };
}
