import type { SidebarSection } from '../../bridge-contract/sidebar-section';
import type { ServerBridge } from '../server-calls/bridge';
import { alertHeadline } from './schedule-alert-text';
import type { StatusArea } from '../ui/status-area';

/**
 * The line every editor sees when the sidebar opens while a schedule of this spreadsheet has
 * failed or paused (issue 25), whatever section is shown, with a button to Schedules. One call,
 * only for a person who is connected (nothing is asked otherwise).
 */
export async function noticeScheduleAlerts(
  server: ServerBridge,
  status: StatusArea,
  navigate: (section: SidebarSection) => void,
): Promise<void> {
  const schedules = await server.listSchedules();
  const alerted = (schedules ?? []).filter((schedule) => (schedule.alert ?? null) !== null);
  if (alerted.length === 0) return;
  const text =
    alerted.length === 1
      ? (alertHeadline(alerted[0]) ?? '')
      : `⚠ ${alerted.length} schedules need a look: ${alerted.map((schedule) => `"${schedule.name}"`).join(', ')}.`;
  status.error(text, { label: 'Show in Schedules', run: () => navigate('schedules') });
}
