import { JOB_KIND_SECTIONS, sectionHasJobs, sectionJobs } from '../../../../addon/sidebar/jobs/job-sections';
import type { TrackedJob } from '../../../../addon/sidebar/jobs/job-tracker';
import { JOB_KIND_NAMES } from '../../../../shared/worker-api/job-kinds';
import type { JobKindName, JobView } from '../../../../addon/bridge-contract/sidebar-api';

function tracked(id: string, kind: JobKindName): TrackedJob {
  const job: JobView = {
    id,
    kind,
    status: 'done',
    done: 1,
    total: 1,
    creditsSpent: 0,
    errors: 0,
    lastError: null,
    rowsWritten: 1,
    destination: 'Leads!B2',
    message: '',
  };
  return { job, polling: false, problem: null };
}

describe('which section shows a job', () => {
  it('gives every kind of job the section it is started from', () => {
    expect(JOB_KIND_NAMES.map((kind) => JOB_KIND_SECTIONS[kind])).toEqual([
      'enrich',
      'reports',
      'search',
      'ai',
      'raw',
      'collaborations',
    ]);
  });

  it('gives a jobs strip only to sections that start jobs: not Account, not Settings', () => {
    expect(sectionHasJobs('enrich')).toBe(true);
    expect(sectionHasJobs('account')).toBe(false);
    expect(sectionHasJobs('settings')).toBe(false);
  });

  it("lists a section's own jobs, newest first", () => {
    const jobs = [
      tracked('a', 'email-enrichment'),
      tracked('b', 'search-pages'),
      tracked('c', 'email-enrichment'),
    ];
    expect(sectionJobs(jobs, 'enrich').map(({ job }) => job.id)).toEqual(['c', 'a']);
    expect(sectionJobs(jobs, 'search').map(({ job }) => job.id)).toEqual(['b']);
    expect(sectionJobs(jobs, 'account')).toEqual([]);
  });
});
