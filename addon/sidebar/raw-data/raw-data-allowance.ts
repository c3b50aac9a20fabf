import type { RawAllowance, RawUsage } from '../../bridge-contract/raw-data-api';
import { whileBusy } from '../ui/busy';
import { createElement } from '../ui/create-element';
import { failureText } from '../server-calls/error-text';
import { button } from '../ui/form-fields';
import type { RawPage } from './raw-data-page';
import { afterPull, allowanceText } from './raw-data-result-text';

export interface RawAllowancePanel {
  line: HTMLElement;
  refresh: HTMLButtonElement;
  /** Raw requests left and what limits them; undefined while unknown yet (loading). */
  current(): RawAllowance | undefined;
  /** Reads it again; `explicit` when the user asked, so a failure is reported as theirs. */
  load(explicit: boolean): Promise<void>;
  /** Takes off what a pull spent, without asking the server. */
  spent(usage: RawUsage): void;
}

/** The monthly raw requests left, above the form, with a Refresh button in the heading. */
export function createRawAllowance(page: RawPage): RawAllowancePanel {
  let allowance: RawAllowance | undefined;
  const line = createElement('p', { id: 'raw-data-allowance', class: 'raw-data-allowance' }, [
    'Checking the raw requests left…',
  ]);
  const refresh = button('Refresh', { small: true });
  refresh.id = 'raw-data-refresh';
  refresh.setAttribute('aria-label', 'Refresh the raw requests left');
  const show = (): void => {
    line.textContent = allowance === undefined ? 'Checking the raw requests left…' : allowanceText(allowance);
  };

  const load = async (explicit: boolean): Promise<void> => {
    await whileBusy([refresh], async () => {
      try {
        allowance = await page.context.server.getRawAllowance();
        show();
      } catch (error) {
        line.textContent = failureText('read the raw requests left', error);
        if (explicit) page.context.fail('read the raw requests left', error);
      }
    });
    page.changed();
  };
  refresh.addEventListener('click', () => void load(true));

  return {
    line,
    refresh,
    current: () => allowance,
    load,
    spent(usage) {
      allowance = afterPull(allowance, usage);
      show();
    },
  };
}
