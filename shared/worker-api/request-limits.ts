/**
 * The worker's own bounds on one request (the Discovery API's are in shared/limits.ts): what a
 * formula, a sidebar call or a job may ask for at once. The worker's request schemas enforce them
 * and the add-on checks against the same numbers before it sends, so a sheet hears "at most 2,000"
 * from the add-on rather than a 400 from the worker.
 */

/**
 * `POST /api/reports`: one report every half second, so a formula range of a few hundred rows
 * fits; a sheet of thousands is a bulk report job's work.
 */
export const MAX_REPORT_INPUTS = 2000;

/** `POST /api/email-search`: 100 batches of 1,000; more is an e-mail enrichment job's work. */
export const MAX_EMAIL_INPUTS = 100_000;

/**
 * A formula's own bounds, below the routes': Google's 30 s for a custom function include handing
 * it its range and taking back its array, and a very large array fails. `=EMAIL_SEARCH` takes at
 * most this many addresses (five batches of 1,000); a longer list is the sidebar's Enrich job.
 */
export const MAX_FORMULA_EMAIL_INPUTS = 5000;

/**
 * Cells a formula returns at most (rows times columns): about 10 s of Apps Script's time to take
 * back in the fakes' accounting (apps-script/runtime/runtime.ts), a third of the limit. Past it the
 * formula says to choose fewer columns or use a job.
 */
export const MAX_FORMULA_RESULT_CELLS = 50_000;

/** `POST /api/overlap`: one paid call compares them all; the API documents no upper bound. */
export const MAX_OVERLAP_HANDLES = 100;

/** `deadlineMs` of the formula routes: no Apps Script call waits longer than this for an answer. */
export const MAX_DEADLINE_MS = 600_000;

/** How old a report a schedule may use, in days: a day to a year (the sidebar offers 1, 7 and 30). */
export const MAX_FRESHNESS_DAYS = 365;

/**
 * `POST /api/search`: at 2 searches a second, 100 pages (1,500 results) take under a minute; more
 * is a search pages job's work.
 */
export const MAX_SEARCH_PAGES = 100;
export const DEFAULT_SEARCH_PAGES = 1;

/**
 * `POST /api/ai/search`: at the AI rate of one call a second, 25 pages take about 25 s. Deeper
 * searches are an AI search job's work.
 */
export const MAX_AI_SEARCH_PAGES = 25;

/** An `imageUrl` longer than this is no image address a person pasted. */
export const IMAGE_URL_MAX_CHARS = 2048;

/** `POST /api/collaborations/*`: 50 pages of posts cost 10 credits at most. */
export const MAX_COLLABORATION_PAGES = 50;
export const DEFAULT_COLLABORATION_PAGES = 5;

/** `POST /api/raw`: 100 pages are 2,000 comments or 1,200 posts; longer is a raw feed job. */
export const MAX_RAW_PAGES = 100;

/** `GET /api/jobs/:id/rows`: rows per page. */
export const MAX_JOB_ROWS_PAGE = 10_000;
export const DEFAULT_JOB_ROWS_PAGE = 1000;

/** `GET /api/jobs`: jobs listed at most. */
export const MAX_JOBS_LISTED = 500;

/** `POST /api/jobs` inputs, by kind: `email-enrichment` addresses. */
export const MAX_EMAIL_JOB_INPUTS = 500_000;
/** `bulk-reports` handle cells. */
export const MAX_REPORT_JOB_INPUTS = 100_000;
/** `search-pages` pages of 15 results. */
export const MAX_SEARCH_JOB_PAGES = 2000;
/** `raw-feed` pages followed, and rows kept. */
export const MAX_RAW_JOB_PAGES = 10_000;
export const MAX_RAW_JOB_ITEMS = 100_000;

/**
 * A document's formula allowance per day and one approval, in credits: the sidebar's inputs stop
 * there, so a slipped key (an extra zero or three) is refused rather than approved.
 */
export const MAX_FORMULA_ALLOWANCE_PER_DAY = 10_000;
export const MAX_FORMULA_APPROVAL = 10_000;

/** A document's formulas spend this many credits a day without asking, until someone sets another. */
export const DEFAULT_FORMULA_ALLOWANCE_PER_DAY = 5;
