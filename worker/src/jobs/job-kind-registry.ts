import type { JobKind } from './job-kind';
import { aiSearchPagesKind } from './job-kinds/ai-search-pages';
import { bulkReportsKind } from './job-kinds/bulk-reports';
import { collaborationPostsKind } from './job-kinds/collaboration-posts';
import { emailEnrichmentKind } from './job-kinds/email-enrichment';
import { rawFeedKind } from './job-kinds/raw-feed';
import { searchPagesKind } from './job-kinds/search-pages';

/**
 * Every kind of job the worker runs, by name. Adding one: write `job-kinds/<name>.ts` exporting a
 * JobKind (see job-kind.ts for the contract a restart relies on), and list it here.
 */
export const JOB_KINDS: readonly JobKind[] = [
  emailEnrichmentKind,
  bulkReportsKind,
  searchPagesKind,
  aiSearchPagesKind,
  rawFeedKind,
  collaborationPostsKind,
];
