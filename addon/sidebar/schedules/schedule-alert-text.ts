import type { ScheduleAlert } from '../../../shared/worker-api/schedules';
import type { ScheduleView } from '../../bridge-contract/schedules-api';
import { creditsText } from '../ui/count-text';

const CHANNEL_NAMES: Readonly<Record<ScheduleAlert['channels'][number]['channel'], string>> = {
  banner: 'a banner on its tab',
  email: 'e-mail',
  webhook: 'the chat webhook',
};

/** "⚠ "Weekly" failed: <why>": the line every editor sees in the sidebar while the alert stands. */
export function alertHeadline(schedule: Pick<ScheduleView, 'name' | 'alert'>): string | null {
  const alert = schedule.alert ?? null;
  if (alert === null) return null;
  const what = alert.kind === 'paused' ? 'is paused after 3 failed runs' : 'failed its last run';
  return `⚠ "${schedule.name}" ${what}: ${alert.message}`;
}

/** Where else the alert went: "Also told: a banner on its tab, e-mail. Not by the chat webhook: <why>". */
export function alertChannelsText(alert: ScheduleAlert): string {
  const told = alert.channels
    .filter((channel) => channel.ok)
    .map((channel) => CHANNEL_NAMES[channel.channel]);
  const failed = alert.channels
    .filter((channel) => !channel.ok)
    .map((channel) => `not by ${CHANNEL_NAMES[channel.channel]}: ${channel.note}`);
  const parts = [...(told.length === 0 ? [] : [`Also told by ${told.join(', ')}.`]), ...failed];
  return parts.join(' ');
}

/** "Spent this month: 12 of 50 credits" (or without a budget, what it spent). */
export function monthSpendText(schedule: Pick<ScheduleView, 'spentThisMonth' | 'monthlyBudget'>): string {
  const spent = schedule.spentThisMonth ?? 0;
  const budget = schedule.monthlyBudget ?? null;
  return budget === null
    ? `Spent this month: ${creditsText(spent)}`
    : `Spent this month: ${creditsText(spent)} of its budget of ${creditsText(budget)}`;
}
