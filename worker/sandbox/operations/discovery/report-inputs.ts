import type { CalculationMethod } from '../../../../shared/enums';
import type { AccountView } from '../../accounts';
import type { Creator, CreatorDetails, Post, PlatformCreators } from '../../data';
import { reportContacts, type ContactEntry } from './contact-details';
import { REPORT_POSTS, reportMetrics, type ReportMetrics } from './report-metrics';

/** Everything a report of any platform is built from, gathered once per request. */
export interface ReportInputs {
  readonly pc: PlatformCreators;
  readonly index: number;
  readonly creator: Creator;
  readonly details: CreatorDetails;
  /** The newest REPORT_POSTS posts, newest first. */
  readonly posts: readonly Post[];
  /** The creator's latest sponsored posts (any age), newest first. */
  readonly sponsored: readonly Post[];
  readonly metrics: ReportMetrics;
  readonly method: CalculationMethod;
  readonly contacts: ContactEntry[] | undefined;
}

/** Sponsored posts a report lists. */
const REPORT_SPONSORED_POSTS = 10;
/** Recent and popular posts a report lists. */
const REPORT_LISTED_POSTS = 12;
export const REPORT_LOOKALIKES = 10;

export function gatherReportInputs(
  pc: PlatformCreators,
  index: number,
  method: CalculationMethod,
  account: AccountView,
): ReportInputs {
  const posts = pc.posts(index, 0, REPORT_POSTS).items;
  const details = pc.details(index);
  return {
    pc,
    index,
    creator: pc.creator(index),
    details,
    posts,
    sponsored: pc.sponsoredPosts(index, { limit: REPORT_SPONSORED_POSTS }).posts,
    metrics: reportMetrics(pc, index, posts, method),
    method,
    contacts: reportContacts(account, details),
  };
}

/** Recent posts (newest first) and popular ones (most engagement first) among the analysed posts. */
export function listedPosts(inputs: ReportInputs): { recent: Post[]; popular: Post[] } {
  const recent = inputs.posts.slice(0, REPORT_LISTED_POSTS);
  const popular = [...inputs.posts]
    .sort((a, b) => b.likes + b.comments - (a.likes + a.comments) || a.postIndex - b.postIndex)
    .slice(0, REPORT_LISTED_POSTS);
  return { recent, popular };
}

/** City, region and country (ISO code) of the creator, each only when known. */
export function placeOf(inputs: ReportInputs): { city?: string; state?: string; country?: string } {
  const { pc, creator } = inputs;
  const place: { city?: string; state?: string; country?: string } = {};
  const city = creator.cityId === null ? undefined : pc.dictionaries.location(creator.cityId);
  if (city !== undefined) {
    place.city = city.name;
    if (city.region !== null) place.state = city.region;
  }
  if (creator.countryCode !== '') place.country = creator.countryCode;
  return place;
}
