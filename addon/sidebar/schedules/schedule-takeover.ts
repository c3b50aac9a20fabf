import type { ScheduleView } from '../../bridge-contract/schedules-api';
import { createElement } from '../ui/create-element';
import { button } from '../ui/form-fields';
import type { ScheduleItemHost } from './schedule-item';

/**
 * "Take over…" on the line of a schedule this sheet runs whose owner's trigger stopped (issue 26:
 * they left, or lost edit access): a question that says why it may be taken, and what taking it
 * means (it runs from your trigger, as you; they are told; every editor sees it in Settings).
 * Null for any other schedule.
 */
export function takeOverControl(
  schedule: ScheduleView,
  host: ScheduleItemHost,
): { button: HTMLButtonElement; element: HTMLElement } | null {
  if (schedule.takeOver === undefined) return null;
  const open = button('Take over…', { small: true });
  open.setAttribute('aria-label', `Take over ${schedule.name}`);
  const confirm = button('Take it over', { primary: true });
  const cancel = button('Leave it');
  const element = createElement('div', { class: 'question', role: 'alert', hidden: '' }, [
    createElement('p', {}, [
      `Take over "${schedule.name}"? ${capitalized(schedule.takeOver)}. It will run from your hourly trigger in this sheet, as you; ${schedule.createdBy} is told, and every editor sees it in Settings.`,
    ]),
    createElement('div', { class: 'actions' }, [confirm, cancel]),
  ]);
  open.addEventListener('click', () => {
    element.hidden = false;
    cancel.focus();
  });
  cancel.addEventListener('click', () => {
    element.hidden = true;
  });
  confirm.addEventListener('click', () =>
    host.act(confirm, 'Taking over…', 'take the schedule over', async () => {
      const taken = await host.server.takeOverSchedule(schedule.id);
      element.hidden = true;
      const resume = taken.status === 'paused' ? ' It is paused: resume it when its cause is fixed.' : '';
      host.say(`"${taken.name}" is yours now: it runs from your trigger.${resume}`, 'ok');
      await host.load();
    }),
  );
  return { button: open, element };
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
