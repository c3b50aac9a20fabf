/**
 * The `kind` of `POST /api/jobs`: every kind of job the worker runs (worker/src/jobs/job-kinds/),
 * named once for the worker's registry and the add-on's job records.
 */
export const JOB_KIND_NAMES = [
  'email-enrichment',
  'bulk-reports',
  'search-pages',
  'ai-search-pages',
  'raw-feed',
  'collaboration-posts',
] as const;
export type JobKindName = (typeof JOB_KIND_NAMES)[number];

export function isJobKindName(value: unknown): value is JobKindName {
  return (JOB_KIND_NAMES as readonly unknown[]).indexOf(value) >= 0;
}
