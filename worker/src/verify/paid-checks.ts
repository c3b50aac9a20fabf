import { prepareEmails } from '../../../shared/emails';
import type { OperationId } from '../../../shared/operations';
import type { Platform } from '../../../shared/platforms';
import { estimateCredits } from '../../../shared/pricing';
import { aiTextSearchRequestSchema } from '../../../shared/requests/ai-search';
import { collaborationRequestSchema } from '../../../shared/requests/collaborations';
import { emailSearchRequestSchema } from '../../../shared/requests/email-search';
import { overlapRequestSchema } from '../../../shared/requests/overlap';
import { RAW_QUERY_SCHEMAS } from '../../../shared/requests/raw';
import { SEARCH_REQUEST_SCHEMAS } from '../../../shared/requests/search';
import { aiSearchResponseSchema } from '../../../shared/responses/ai-search';
import {
  collaborationPostsResponseSchema,
  collaborationSummaryResponseSchema,
} from '../../../shared/responses/collaborations';
import { emailSearchResponseSchema } from '../../../shared/responses/email-search';
import { overlapResponseSchema } from '../../../shared/responses/overlap';
import { RAW_RESPONSE_SCHEMAS } from '../../../shared/responses/raw';
import { REPORT_RESPONSE_SCHEMAS } from '../../../shared/responses/reports';
import { searchResponseSchema } from '../../../shared/responses/search';
import { aiSearchToRows } from '../../../shared/rows/ai-search-rows';
import {
  collaborationPostsToRows,
  collaborationSummaryToRows,
} from '../../../shared/rows/collaboration-rows';
import { emailToRows } from '../../../shared/rows/email-rows';
import { overlapToRows } from '../../../shared/rows/overlap-rows';
import { rawToRows } from '../../../shared/rows/raw-rows';
import { reportToRows, type ReportProfile } from '../../../shared/rows/report-rows';
import { searchToRows } from '../../../shared/rows/search-rows';
import { skipped, type CheckReport, type KnownCreator, type KnownCreators } from './check-report';
import type { LiveCalls } from './live-calls';
import { runPaidCheck, type PaidCallSpec } from './run-check';
import type { SpendKeeper } from './spend-cap';

/**
 * One cheap call of each paid family, made only within the cap given on the command line (one
 * search page of Instagram creators over 10,000 followers, one e-mail address, one AI profile,
 * collaboration posts and summary of one creator, one report, one overlap of two creators: 2.595
 * credits at most in all; one raw search, user info and feed page on Instagram and one user or
 * channel info on TikTok and YouTube: 5 raw requests). The creators come from the free users
 * dictionaries, or the search; a check with nobody to ask about is skipped.
 */

/** The e-mail lookup's address when none is given: a reserved domain, so it matches nobody. */
export const DEFAULT_CHECK_EMAIL = 'verify-live@example.com';

export interface PaidCheckOptions {
  email: string;
}

/** A paid check: the call, or why there is nothing to call it with yet. */
interface PaidStep {
  /** Its name while no creator is known, for the report of a skip. */
  label: string;
  operation: OperationId;
  prepare(known: KnownCreators): PaidCallSpec<unknown> | string;
}

/** An all-digit username goes as `@123`, or the API reads it as an id (reports-fetch.ts). */
const asUser = (creator: KnownCreator) =>
  /^\d+$/.test(creator.username) ? `@${creator.username}` : creator.username;

/**
 * The spec's testing aid: a report of `instagram` is free, and may not answer as any other creator's
 * does, so the checks ask about real creators.
 */
const TESTING_AID = 'instagram';

function first(known: KnownCreators, platform: Platform, count = 1): KnownCreator[] | string {
  const creators = known[platform]
    .filter((creator) => creator.username.toLowerCase() !== TESTING_AID)
    .slice(0, count);
  return creators.length === count
    ? creators
    : `no ${platform} creator${count === 1 ? '' : 's'} to ask about: the users dictionary and the search gave ${creators.length}`;
}

const searchStep: PaidStep = {
  label: 'search (instagram)',
  operation: 'search',
  prepare: (known) => searchSpec(known),
};

function searchSpec(known: KnownCreators): PaidCallSpec<unknown> {
  const body = SEARCH_REQUEST_SCHEMAS.instagram.parse({
    page: 0,
    filter: { influencer: { followers: { min: 10_000 } } },
  });
  return {
    name: 'search (instagram, followers from 10,000, one page)',
    operation: 'search',
    parts: { platform: 'instagram', body },
    schema: searchResponseSchema,
    estimate: estimateCredits('search', { platform: 'instagram', filter: body.filter }),
    rows: (value) => searchToRows(searchResponseSchema.parse(value)),
    learn: (value) => {
      for (const item of searchResponseSchema.parse(value).directs) {
        const username = item.profile?.username;
        if (username !== undefined)
          known.instagram.push({ username, userId: item.userId ?? item.profile?.userId ?? null });
      }
    },
  };
}

const emailStep = (email: string): PaidStep => ({
  label: 'e-mail search',
  operation: 'emailSearch',
  prepare: () => {
    const body = emailSearchRequestSchema.parse({ emails: [email] });
    return {
      name: 'e-mail search (one address)',
      operation: 'emailSearch',
      parts: { body },
      schema: emailSearchResponseSchema,
      estimate: estimateCredits('emailSearch', body),
      rows: (value) => {
        const answer = emailSearchResponseSchema.parse(value);
        return emailToRows(prepareEmails(body.emails), {
          matchedEmails: answer.matchedEmails ?? [],
          notMatchedEmails: answer.notMatchedEmails ?? [],
        });
      },
    };
  },
});

const aiStep: PaidStep = {
  label: 'AI text search (instagram)',
  operation: 'aiTextSearch',
  prepare: () => aiSpec(),
};

function aiSpec(): PaidCallSpec<unknown> {
  const body = aiTextSearchRequestSchema.parse({ query: 'travel photographer', page: 0, pageSize: 1 });
  return {
    name: 'AI text search (instagram, one profile)',
    operation: 'aiTextSearch',
    parts: { platform: 'instagram', body },
    schema: aiSearchResponseSchema,
    estimate: estimateCredits('aiTextSearch', body),
    rows: (value) => aiSearchToRows(aiSearchResponseSchema.parse(value), 'instagram'),
  };
}

const collaborationStep = (kind: 'posts' | 'summary'): PaidStep => ({
  label: `collaborations ${kind} (instagram)`,
  operation: kind === 'posts' ? 'collaborationPosts' : 'collaborationSummary',
  prepare: (known) => {
    const creators = first(known, 'instagram');
    if (typeof creators === 'string') return creators;
    const [creator] = creators;
    const body = collaborationRequestSchema.parse({ id: creator.username, platform: 'instagram', limit: 5 });
    const operation = kind === 'posts' ? 'collaborationPosts' : 'collaborationSummary';
    const schema = kind === 'posts' ? collaborationPostsResponseSchema : collaborationSummaryResponseSchema;
    return {
      name: `collaborations ${kind} (instagram @${creator.username})`,
      operation,
      parts: { body },
      schema,
      estimate: estimateCredits(operation),
      rows: (value) =>
        kind === 'posts'
          ? collaborationPostsToRows(collaborationPostsResponseSchema.parse(value))
          : collaborationSummaryToRows(collaborationSummaryResponseSchema.parse(value)),
      note: (value) => {
        const answer = collaborationPostsResponseSchema.parse(value);
        return answer.influencer === undefined && answer.brand === undefined
          ? 'neither side: the documented answer for a creator without collaborations'
          : null;
      },
    };
  },
});

const reportStep: PaidStep = {
  label: 'report (instagram)',
  operation: 'report',
  prepare: (known) => reportSpec(known),
};

function reportSpec(known: KnownCreators): PaidCallSpec<unknown> | string {
  const creators = first(known, 'instagram');
  if (typeof creators === 'string') return creators;
  const userId = asUser(creators[0]);
  return {
    name: `report (instagram @${creators[0].username})`,
    operation: 'report',
    parts: { platform: 'instagram', params: { userId }, query: { calculationMethod: 'median' } },
    schema: REPORT_RESPONSE_SCHEMAS.instagram,
    estimate: estimateCredits('report', { platform: 'instagram', userId }),
    rows: (value) => {
      const report = REPORT_RESPONSE_SCHEMAS.instagram.parse(value).profile as ReportProfile;
      return reportToRows([{ kind: 'report', platform: 'instagram', report }]);
    },
  };
}

const overlapStep: PaidStep = {
  label: 'audience overlap (instagram)',
  operation: 'audienceOverlap',
  prepare: (known) => overlapSpec(known),
};

function overlapSpec(known: KnownCreators): PaidCallSpec<unknown> | string {
  const creators = first(known, 'instagram', 2);
  if (typeof creators === 'string') return creators;
  const body = overlapRequestSchema.parse({ influencers: creators.map(asUser) });
  return {
    name: `audience overlap (instagram, ${creators.map((creator) => `@${creator.username}`).join(' and ')})`,
    operation: 'audienceOverlap',
    parts: { platform: 'instagram', body },
    schema: overlapResponseSchema,
    estimate: estimateCredits('audienceOverlap'),
    rows: (value) => {
      const answer = overlapResponseSchema.parse(value);
      return overlapToRows({ data: answer.data, reportInfo: answer.reportInfo ?? {} });
    },
  };
}

type RawStepId =
  'rawIgSearch' | 'rawIgUserInfo' | 'rawIgUserFeed' | 'rawTiktokUserInfo' | 'rawYoutubeChannelInfo';

const rawStep = (
  operation: RawStepId,
  platform: Platform,
  label: string,
  query: (creator: KnownCreator) => Record<string, string>,
): PaidStep => ({
  label: `raw ${label} (${platform})`,
  operation,
  prepare: (known) => {
    const creators = first(known, platform);
    if (typeof creators === 'string') return creators;
    // Checked as the worker checks a sheet's query: what is sent is what the Raw data section sends.
    RAW_QUERY_SCHEMAS[operation].parse(query(creators[0]));
    return {
      name: `raw ${label} (${platform} @${creators[0].username})`,
      operation,
      parts: { query: query(creators[0]) },
      schema: RAW_RESPONSE_SCHEMAS[operation],
      estimate: estimateCredits(operation),
      rows: (value) => rawToRows(operation, value),
    };
  },
});

/** In the order they run: cheapest first, each family once, raw requests last. */
function paidSteps(options: PaidCheckOptions): PaidStep[] {
  return [
    searchStep,
    emailStep(options.email),
    aiStep,
    collaborationStep('posts'),
    collaborationStep('summary'),
    reportStep,
    overlapStep,
    rawStep('rawIgSearch', 'instagram', 'search', (creator) => ({ keyword: creator.username })),
    rawStep('rawIgUserInfo', 'instagram', 'user info', (creator) => ({ url: `@${creator.username}` })),
    rawStep('rawIgUserFeed', 'instagram', 'user feed, one page', (creator) => ({
      url: `@${creator.username}`,
    })),
    rawStep('rawTiktokUserInfo', 'tiktok', 'user info', (creator) => ({ url: `@${creator.username}` })),
    rawStep('rawYoutubeChannelInfo', 'youtube', 'channel info', (creator) => ({
      url: creator.userId ?? `@${creator.username}`,
    })),
  ];
}

/** The paid families, each within what the keeper lets through. */
export async function runPaidChecks(
  calls: LiveCalls,
  keeper: SpendKeeper,
  known: KnownCreators,
  options: PaidCheckOptions,
): Promise<CheckReport[]> {
  const reports: CheckReport[] = [];
  for (const step of paidSteps(options)) {
    const spec = step.prepare(known);
    if (typeof spec === 'string') {
      reports.push(skipped(step.label, step.operation, 'paid', spec));
      continue;
    }
    reports.push((await runPaidCheck(calls, keeper, spec)).report);
  }
  return reports;
}
