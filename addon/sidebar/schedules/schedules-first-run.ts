import type { ScheduleCheck, ScheduleStart, ScheduleView } from '../../bridge-contract/schedules-api';
import { createElement } from '../ui/create-element';
import { button } from '../ui/form-fields';
import { cadenceText } from './schedules-text';

interface FirstRunActions {
  confirm(start: ScheduleStart, clicked: HTMLButtonElement): void;
  cancel(): void;
}

/**
 * The confirmation under "Schedule it": what the first run costs, and whether it needs an approval
 * past this sheet's formula allowance. Confirm makes the schedule and runs it now, approving the
 * credits when this user may; someone who may not approve can still make it, and its runs wait.
 */
export function firstRunConfirmation(check: ScheduleCheck, actions: FirstRunActions): HTMLElement[] {
  const blocked = check.toApprove > 0 && !check.mayApprove;
  const confirm = button(blocked ? 'Schedule it anyway' : 'Confirm and run now', { primary: true });
  confirm.id = 'schedule-confirm';
  const cancel = button('Cancel');
  confirm.addEventListener('click', () =>
    actions.confirm(
      blocked
        ? { approveCredits: 0, runNow: false }
        : { approveCredits: check.toApprove, runNow: check.estimate.unique > 0 },
      confirm,
    ),
  );
  cancel.addEventListener('click', () => actions.cancel());
  return [
    createElement('p', { id: 'schedule-cost', class: blocked ? 'field-error' : 'hint' }, [check.summary]),
    // Who will run it and why (issue 26), before it is saved.
    ...(check.runnerLine === undefined
      ? []
      : [createElement('p', { id: 'schedule-runner-line', class: 'hint' }, [check.runnerLine])]),
    createElement('div', { class: 'actions' }, [confirm, cancel]),
  ];
}

/** What the section says once the schedule is made. */
export function scheduledText(made: ScheduleView, start: ScheduleStart): string {
  const when = cadenceText(made.cadence, made.timeZone);
  return start.runNow
    ? `Scheduled "${made.name}": ${when}. Its first run has started; its line here shows the outcome.`
    : `Scheduled "${made.name}": ${when}.`;
}
