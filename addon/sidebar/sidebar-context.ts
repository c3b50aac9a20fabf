import type { SidebarSection } from '../bridge-contract/sidebar-section';
import type { ServerBridge } from './server-calls/bridge';
import type { DocumentStatusFeed } from './jobs/document-status-feed';
import type { HealthBadgeView } from './health/health-badge';
import type { JobTracker } from './jobs/job-tracker';
import type { MessageTarget } from './ui/section-messages';
import type { StatusArea } from './ui/status-area';

/**
 * What every section gets from the shell. Its `status` and `fail` are the section's own: their
 * messages show beside the control the user last used in the section (section-messages.ts).
 */
export interface SidebarContext {
  server: ServerBridge;
  status: StatusArea;
  jobs: JobTracker;
  health: HealthBadgeView;
  /**
   * The document's schedules and formula allowance, read once a minute and after actions (issue
   * 25): a section shows them from here and asks for a read after an action that changes them.
   */
  documentStatus: DocumentStatusFeed;
  navigate(section: SidebarSection): void;
  /** Shows a failed call beside the control used, with a button to the section that fixes it, if any. */
  fail(action: string, error: unknown): void;
  /** Messages shown right after `anchor`: for a control whose messages must sit beside it. */
  near(anchor: HTMLElement): MessageTarget;
}

/** A rendered section; the shell tells it when it is shown again (to refresh what may be stale). */
export interface SectionView {
  onShow?(): void;
}

export interface SectionDefinition {
  /** The tab's label. */
  title: string;
  render(panel: HTMLElement, context: SidebarContext): SectionView;
}
