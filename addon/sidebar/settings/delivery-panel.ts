import type { DeliveryStatusView } from '../../bridge-contract/delivery-api';
import { whileBusy } from '../ui/busy';
import { createElement } from '../ui/create-element';
import { failureText } from '../server-calls/error-text';
import { button } from '../ui/form-fields';
import { deliveryStateText } from './delivery-text';
import type { SidebarContext } from '../sidebar-context';

export interface DeliveryPanel {
  element: HTMLElement;
  load(): Promise<void>;
}

/**
 * Settings' "Server delivery": the worker's service account, the address to share the spreadsheet
 * with (selectable, with a Copy button: HtmlService's iframe may refuse the clipboard, and the
 * selected text can still be copied by hand), whether it is shared, and Check again for right
 * after sharing.
 */
export function createDeliveryPanel(context: SidebarContext): DeliveryPanel {
  const state = createElement('p', { 'aria-live': 'polite' });
  const address = createElement('input', {
    type: 'text',
    readonly: 'readonly',
    id: 'delivery-service-account',
    'aria-label': 'Service account address to share this spreadsheet with',
  });
  const copy = button('Copy address', { small: true });
  const recheck = button('Check again', { small: true });
  // One click, as you, instead of the Share dialog; a domain that allows only its own people says so.
  const share = button('Share with the worker', { small: true, primary: true });
  const message = createElement('p', { class: 'hint', 'aria-live': 'polite' });
  const shareRow = createElement('div', { class: 'actions' }, [address, copy]);
  const element = createElement('div', { class: 'delivery' }, [
    createElement('h3', {}, ['Server delivery']),
    state,
    shareRow,
    message,
    createElement('div', { class: 'actions' }, [share, recheck]),
  ]);
  element.hidden = true;

  const show = (status: DeliveryStatusView | null): void => {
    element.hidden = status === null;
    if (status === null) return;
    state.textContent = deliveryStateText(status);
    shareRow.hidden = status.serviceAccount === null;
    address.value = status.serviceAccount ?? '';
    message.className = status.shared === false ? 'field-error' : 'hint';
    message.textContent = status.message;
    recheck.hidden = status.serviceAccount === null;
    share.hidden = status.serviceAccount === null || status.shared !== false;
  };

  copy.addEventListener('click', () => {
    address.focus();
    address.select();
    const done = (ok: boolean) => {
      message.className = ok ? 'ok' : 'hint';
      message.textContent = ok
        ? 'Address copied: paste it into Share.'
        : 'Press Ctrl+C (⌘C) to copy the selected address.';
    };
    void (navigator.clipboard?.writeText(address.value) ?? Promise.reject(new Error('no clipboard'))).then(
      () => done(true),
      () => done(document.execCommand('copy')),
    );
  });

  const load = async (): Promise<void> => {
    try {
      show(await context.server.getDeliveryStatus());
    } catch (error) {
      element.hidden = false;
      message.className = 'field-error';
      message.textContent = failureText('check server delivery', error);
    }
  };
  recheck.addEventListener(
    'click',
    () => void whileBusy([recheck], load, { button: recheck, text: 'Checking…' }),
  );
  share.addEventListener(
    'click',
    () =>
      void whileBusy(
        [share, recheck],
        async () => {
          try {
            const status = await context.server.shareWithWorker();
            show(status);
            if (status.domainPolicy) share.hidden = true;
          } catch (error) {
            message.className = 'field-error';
            message.textContent = failureText('share the spreadsheet with the worker', error);
          }
        },
        { button: share, text: 'Sharing…' },
      ),
  );
  return { element, load };
}
