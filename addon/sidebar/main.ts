import { isSidebarSection, SIDEBAR_SECTIONS, type SidebarSection } from '../bridge-contract/sidebar-section';
import { accountSection } from './account/account-section';
import { aiSearchSection } from './ai-search/ai-search-section';
import { collaborationsSection } from './collaborations/collaborations-section';
import { dictionariesSection } from './dictionaries/dictionaries-section';
import { healthSection } from './health/health-section';
import { listsSection } from './lists/lists-section';
import { overlapSection } from './overlap/overlap-section';
import { rawDataSection } from './raw-data/raw-data-section';
import { createServerBridge } from './server-calls/bridge';
import { enrichSection } from './bulk/enrich-section';
import { createElement } from './ui/create-element';
import { createDocumentStatusFeed } from './jobs/document-status-feed';
import { setSheetTimeZone, timeZoneLine } from './ui/sheet-time';
import { mountHealthBadge } from './health/health-badge';
import { createJobStrip } from './jobs/job-progress';
import { isJobActive, JOB_KIND_TITLES, jobEndedText } from './jobs/job-progress-text';
import { JOB_KIND_SECTIONS, sectionHasJobs } from './jobs/job-sections';
import { createJobTracker, type JobTracker } from './jobs/job-tracker';
import { reportsSection } from './bulk/reports-section';
import { searchSection } from './search/search-section';
import { schedulesSection } from './schedules/schedules-section';
import { noticeScheduleAlerts } from './schedules/schedule-alert-notice';
import { settingsSection } from './settings/settings-section';
import { createSectionMessages, type FailureNavigation, showFailure } from './ui/section-messages';
import type { SectionDefinition, SectionView, SidebarContext } from './sidebar-context';
import { createStatusArea, type StatusArea } from './ui/status-area';
import { createTabs } from './ui/tabs';

const SECTIONS: Record<SidebarSection, SectionDefinition> = {
  settings: settingsSection,
  enrich: enrichSection,
  reports: reportsSection,
  search: searchSection,
  ai: aiSearchSection,
  lists: listsSection,
  overlap: overlapSection,
  collaborations: collaborationsSection,
  raw: rawDataSection,
  dictionaries: dictionariesSection,
  schedules: schedulesSection,
  account: accountSection,
  health: healthSection,
};

function required(id: string): HTMLElement {
  const element = document.getElementById(id);
  if (element === null) throw new Error(`Sidebar.html lacks #${id}`);
  return element;
}

/** The shell's message line says a job ended only when its own section is not the one shown. */
function noticeJobEnds(jobs: JobTracker, status: StatusArea, navigation: FailureNavigation): void {
  const lastStatus = new Map<string, string>();
  jobs.subscribe((tracked) => {
    for (const { job } of tracked) {
      const before = lastStatus.get(job.id);
      lastStatus.set(job.id, job.status);
      if (before === undefined || before === job.status || isJobActive(job)) continue;
      const section = JOB_KIND_SECTIONS[job.kind];
      if (navigation.current() === section) continue;
      const show = { label: `Show in ${SECTIONS[section].title}`, run: () => navigation.navigate(section) };
      if (job.status === 'failed') status.error(jobEndedText(job), show);
      else status.success(jobEndedText(job), show);
    }
  });
}

/** "Resumed the E-mail enrichment that was still writing", with a button to its section. */
function noticeResumed(
  jobs: JobTracker,
  count: number,
  status: StatusArea,
  navigation: FailureNavigation,
): void {
  if (count === 0) return;
  const resumed = jobs.list().slice(-count);
  const sections = [...new Set(resumed.map(({ job }) => JOB_KIND_SECTIONS[job.kind]))];
  const show =
    sections.length === 1
      ? { label: `Show in ${SECTIONS[sections[0]].title}`, run: () => navigation.navigate(sections[0]) }
      : undefined;
  if (count === 1)
    status.info(`Resumed the ${JOB_KIND_TITLES[resumed[0].job.kind]} that was still writing.`, show);
  else status.info(`Resumed ${count} jobs that were still writing.`, show);
}

/** The header's line naming the zone of every time shown (issue 25: one clock, said once). */
function showTimeZone(line: HTMLElement): void {
  line.textContent = timeZoneLine();
}

function start(): void {
  const server = createServerBridge(google.script.run);
  const status = createStatusArea(required('status'));
  const health = mountHealthBadge(required('health'), () => server.getHealth());
  const jobs = createJobTracker(server);
  // The server put the spreadsheet's zone in the page; each status read may say it changed.
  setSheetTimeZone(document.body.dataset.timeZone);
  const zoneLine = required('time-zone');
  showTimeZone(zoneLine);
  const documentStatus = createDocumentStatusFeed({ read: () => server.getDocumentStatus() });
  documentStatus.subscribe(() => showTimeZone(zoneLine));
  // "Up 3 min" stays true between reads of the health.
  documentStatus.onMinute(() => health.age());
  const navigation: FailureNavigation = {
    current: () => tabs.selected,
    navigate: (section) => tabs.select(section, { focus: true }),
  };

  /**
   * A section's panel: its own content (with its own message lines) first, then its jobs strip,
   * under the controls that start them (issue 15).
   */
  const mountSection = (id: SidebarSection, panel: HTMLElement): SectionView => {
    const body = createElement('div', { class: 'section-body' });
    panel.replaceChildren(body, ...(sectionHasJobs(id) ? [createJobStrip(jobs, id)] : []));
    const messages = createSectionMessages(body, navigation);
    const context: SidebarContext = {
      server,
      jobs,
      health,
      documentStatus,
      navigate: navigation.navigate,
      status: messages.status,
      fail: messages.fail,
      near: messages.near,
    };
    return SECTIONS[id].render(body, context);
  };

  const views = new Map<SidebarSection, SectionView>();
  const tabs = createTabs(
    required('nav'),
    required('content'),
    SIDEBAR_SECTIONS.map((id) => ({ id, title: SECTIONS[id].title })),
    (id, panel) => {
      const view = views.get(id);
      if (view === undefined) views.set(id, mountSection(id, panel));
      else view.onShow?.();
    },
  );
  noticeJobEnds(jobs, status, navigation);

  // The server sets data-section when it opens the page; opened any other way, start at the first.
  const requested = document.body.dataset.section;
  tabs.select(isSidebarSection(requested) ? requested : SIDEBAR_SECTIONS[0]);

  void health.refresh();
  // A failed or paused schedule of this spreadsheet is told to every editor who opens it (issue 25).
  noticeScheduleAlerts(server, status, navigation.navigate).catch(() => undefined);
  documentStatus.start();
  // Jobs still writing when the sidebar was last closed carry on from their last block.
  jobs.resumeActive().then(
    (count) => noticeResumed(jobs, count, status, navigation),
    (error: unknown) => showFailure(status, navigation, 'resume the running jobs', error),
  );
}

start();
