import type { FormulaAsk } from '../../../shared/worker-api/formula-allowance';
import type { FormulaAllowanceView } from '../../bridge-contract/formula-allowance-api';
import type { ScheduleView } from '../../bridge-contract/schedules-api';
import { creditsText } from '../ui/count-text';
import { button } from '../ui/form-fields';

/** The ask this schedule's refused run filed, still waiting; null when none (or the worker names none). */
export function waitingAskOf(
  schedule: ScheduleView,
  allowance: FormulaAllowanceView | null,
): FormulaAsk | null {
  if (allowance === null) return null;
  return (
    allowance.asks.find(
      (ask) =>
        ask.key !== undefined && ask.source?.kind === 'schedule' && ask.source.scheduleId === schedule.id,
    ) ?? null
  );
}

/**
 * "Approve 15 credits and run now", beside the schedule whose run waits for it (issue 25: the
 * Approve button where the ask is shown), for whoever may approve; null for anyone else, whom the
 * schedule's line already tells who may.
 */
export function scheduleApproveButton(
  schedule: ScheduleView,
  allowance: FormulaAllowanceView | null,
  approve: (ask: FormulaAsk, clicked: HTMLButtonElement) => void,
): HTMLButtonElement | null {
  const ask = waitingAskOf(schedule, allowance);
  if (ask === null || allowance === null || !allowance.mayChange) return null;
  const approveButton = button(`Approve ${creditsText(ask.credits)} and run now`, {
    small: true,
    primary: true,
  });
  approveButton.setAttribute(
    'aria-label',
    `Approve ${creditsText(ask.credits)} for ${schedule.name} and run it now`,
  );
  approveButton.addEventListener('click', () => approve(ask, approveButton));
  return approveButton;
}
