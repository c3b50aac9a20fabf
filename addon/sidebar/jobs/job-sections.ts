import type { SidebarSection } from '../../bridge-contract/sidebar-section';
import type { JobKindName } from '../../bridge-contract/sidebar-api';
import type { TrackedJob } from './job-tracker';

/**
 * The section each kind of job is started from: its jobs strip is there, under the controls that
 * started it, so no section's own content sits under other sections' jobs (issue 15).
 */
export const JOB_KIND_SECTIONS: Readonly<Record<JobKindName, SidebarSection>> = {
  'email-enrichment': 'enrich',
  'bulk-reports': 'reports',
  'search-pages': 'search',
  'ai-search-pages': 'ai',
  'raw-feed': 'raw',
  'collaboration-posts': 'collaborations',
};

/** Whether some kind of job belongs to the section (it gets a jobs strip). */
export function sectionHasJobs(section: SidebarSection): boolean {
  return Object.values(JOB_KIND_SECTIONS).includes(section);
}

/** The section's jobs, newest first (the tracker lists them oldest first). */
export function sectionJobs(jobs: readonly TrackedJob[], section: SidebarSection): TrackedJob[] {
  return jobs.filter((tracked) => JOB_KIND_SECTIONS[tracked.job.kind] === section).reverse();
}
