import { isSidebarSection, SIDEBAR_SECTIONS, type SidebarSection } from '../shared/sidebar-section';
import { accountSection } from './account-section';
import { aiSearchSection } from './ai-search-section';
import { collaborationsSection } from './collaborations-section';
import { dictionariesSection } from './dictionaries-section';
import { healthSection } from './health-section';
import { listsSection } from './lists-section';
import { overlapSection } from './overlap-section';
import { rawDataSection } from './raw-data-section';
import { createServerBridge } from './bridge';
import { enrichSection } from './enrich-section';
import { failureText, errorMessage, nextStepFor } from './error-text';
import { mountHealthBadge } from './health-badge';
import { mountJobList } from './job-progress';
import { createJobTracker } from './job-tracker';
import { reportsSection } from './reports-section';
import { searchSection } from './search-section';
import { schedulesSection } from './schedules-section';
import { settingsSection } from './settings-section';
import type { SectionDefinition, SectionView, SidebarContext } from './sidebar-context';
import { createStatusArea } from './status-area';
import { createTabs } from './tabs';

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

function start(): void {
  const server = createServerBridge(google.script.run);
  const status = createStatusArea(required('status'));
  const health = mountHealthBadge(required('health'), () => server.getHealth());
  const jobs = createJobTracker(server);
  mountJobList(required('jobs'), jobs, status);

  const views = new Map<SidebarSection, SectionView>();
  const tabs = createTabs(
    required('nav'),
    required('content'),
    SIDEBAR_SECTIONS.map((id) => ({ id, title: SECTIONS[id].title })),
    (id, panel) => {
      const view = views.get(id);
      if (view === undefined) views.set(id, SECTIONS[id].render(panel, context));
      else view.onShow?.();
    },
  );

  const context: SidebarContext = {
    server,
    status,
    jobs,
    health,
    navigate: (section) => tabs.select(section, { focus: true }),
    fail(action, error) {
      const next = nextStepFor(errorMessage(error));
      status.error(
        failureText(action, error),
        next === null || next.section === tabs.selected
          ? undefined
          : { label: next.label, run: () => tabs.select(next.section, { focus: true }) },
      );
    },
  };

  // The server sets data-section when it opens the page; opened any other way, start at the first.
  const requested = document.body.dataset.section;
  tabs.select(isSidebarSection(requested) ? requested : SIDEBAR_SECTIONS[0]);

  void health.refresh();
  // Jobs still writing when the sidebar was last closed carry on from their last block.
  jobs.resumeActive().then(
    (count) => {
      if (count === 1) status.info('Resumed a job that was still writing.');
      else if (count > 1) status.info(`Resumed ${count} jobs that were still writing.`);
    },
    (error: unknown) => context.fail('resume the running jobs', error),
  );
}

start();
