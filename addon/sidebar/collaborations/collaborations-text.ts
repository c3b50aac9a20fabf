import type { Platform } from '../../../shared/platforms';
import type { CollaborationsRequest, CollaborationsSubject } from '../../bridge-contract/collaborations-api';
import {
  type CollaborationsCost,
  MAX_COLLABORATION_PAGES,
  OLDER_COLLABORATIONS_PAGE_SIZE,
} from '../../bridge-contract/collaborations-rules';
import type { JobView } from '../../bridge-contract/sidebar-api';
import { creditsText, formatCount } from '../ui/count-text';
import type { Fact } from '../ui/estimate-text';

/** What the Collaborations section says: labels that follow the choices, the cost, the limits. */

export const OLDER_API_NOTE =
  'Deprecated: the per-platform collaboration endpoints will be removed. Posts and Summary (the newer endpoints) replace them.';

export interface FieldCopy {
  label: string;
  hint: string;
  placeholder: string;
}

export function subjectCopy(subject: CollaborationsSubject, platform: Platform): FieldCopy {
  if (subject === 'influencer') {
    return { label: 'Influencer', hint: 'Handle, profile URL or id.', placeholder: '@handle' };
  }
  return {
    label: 'Brand',
    hint:
      platform === 'youtube'
        ? 'Its web domain: YouTube knows brands by domain only.'
        : 'Its web domain (such as nike.com) or its name.',
    placeholder: 'nike.com',
  };
}

/** The counterpart filter: a brand for an influencer, an influencer for a brand. */
export function collaboratorCopy(subject: CollaborationsSubject, platform: Platform): FieldCopy {
  if (subject === 'influencer') {
    return {
      label: 'Only with this brand (optional)',
      hint: platform === 'youtube' ? 'Its web domain.' : 'Its web domain or name.',
      placeholder: 'nike.com',
    };
  }
  return {
    label: 'Only by this influencer (optional)',
    hint: 'Handle, profile URL or id.',
    placeholder: '@handle',
  };
}

export const WINDOW_HINT = 'Optional: both days included, up to today. Leave empty for all time.';

export function pagesHint(olderApi: boolean): string {
  const price = olderApi
    ? `1 credit per page of up to ${OLDER_COLLABORATIONS_PAGE_SIZE}`
    : 'One call per page, 0.2 credits each';
  return `${price}; up to ${MAX_COLLABORATION_PAGES} pages, fetched by the worker (the sidebar may close meanwhile).`;
}

export const GROUP_HINT = 'One row per brand web domain, adding up brands that share one.';

/** The run button's verb. */
export function runVerb(
  request: CollaborationsRequest | null,
  olderApi: boolean,
  kind: 'posts' | 'summary',
): string {
  const which = request?.kind ?? (olderApi ? 'older' : kind);
  if (which === 'summary') return 'Get summary';
  if (which === 'older') return 'Get collaborations';
  return 'Get posts';
}

/** What the request will do and the most it can cost, listed before Run. */
export function collaborationsCostFacts(request: CollaborationsRequest, cost: CollaborationsCost): Fact[] {
  const facts: Fact[] = [];
  if (request.kind === 'summary') {
    facts.push({ label: 'Calls', value: '1' });
  } else {
    facts.push({ label: 'Pages, at most', value: formatCount(cost.calls) });
  }
  if (cost.maxRows !== null) facts.push({ label: 'Rows, at most', value: formatCount(cost.maxRows) });
  facts.push({ label: 'Most it can cost', value: creditsText(cost.maxCredits) });
  return facts;
}

/** The sentence under the facts. */
export function collaborationsCostLine(request: CollaborationsRequest, cost: CollaborationsCost): string {
  if (request.kind === 'summary') return `Costs ${creditsText(cost.maxCredits)}: one call, never paged.`;
  return (
    `At most ${creditsText(cost.maxCredits)}: every page is billed, and paging stops at the last one, ` +
    'so it often costs less.'
  );
}

export interface CollaborationsRunState {
  /** The first mistake of the form, or null when it is complete. */
  problem: string | null;
  needsConfirmation: boolean;
  confirmed: boolean;
  /** A start is on its way to the server. */
  starting: boolean;
}

/** Why Run cannot start yet, in words that say what to do; null when it can. */
export function collaborationsRunBlocker(state: CollaborationsRunState): string | null {
  if (state.starting) return 'Starting: wait a moment.';
  if (state.problem !== null) return state.problem;
  if (state.needsConfirmation && !state.confirmed) return 'Tick the box to accept the cost, then press Run.';
  return null;
}

/**
 * What the section adds about a posts job to its line in the jobs strip, or null when the line
 * says it all: the strip is the one place a job's progress and outcome show (issue 15: "Done" was
 * said twice), so this says only why a job ended early and what running again does after a cancel.
 */
export function collaborationsJobText(job: JobView): string | null {
  switch (job.status) {
    case 'queued':
    case 'running':
    case 'failed':
      return null;
    case 'done':
      return job.lastError;
    case 'cancelled':
      return 'Running it again starts over from the first page.';
  }
}
