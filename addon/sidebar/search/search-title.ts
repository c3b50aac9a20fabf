import type { SearchFormValues } from './search-form';
import { MAX_TAB_NAME_CHARS, PLATFORM_NAMES } from './search-options';
import { parseOptionalNumber } from '../ui/number-input';

/** Characters a sheet's tab name may not hold. */
const NOT_IN_TAB_NAMES = /[[\]*?:/\\]/g;
/** Room left for the " (2)" the server adds when a tab of that name exists. */
const SUGGESTION_MAX_CHARS = MAX_TAB_NAME_CHARS - 10;

/** 10000 -> "10K", 1500000 -> "1.5M": how follower counts are spoken of. */
export function shortCount(value: number): string {
  if (value >= 1e6) return `${Number((value / 1e6).toFixed(1))}M`;
  if (value >= 1e3) return `${Number((value / 1e3).toFixed(1))}K`;
  return String(value);
}

function followersPart(values: SearchFormValues): string | null {
  const rule = { label: 'Followers', min: 0, integer: true, allowSuffix: true };
  const min = parseOptionalNumber(values.followersMin, rule);
  const max = parseOptionalNumber(values.followersMax, rule);
  const low = min.ok ? min.value : undefined;
  const high = max.ok ? max.value : undefined;
  if (low !== undefined && high !== undefined) return `${shortCount(low)}-${shortCount(high)} followers`;
  if (low !== undefined) return `${shortCount(low)}+ followers`;
  if (high !== undefined) return `up to ${shortCount(high)} followers`;
  return null;
}

/**
 * The name the title field starts with, built from the filters that tell searches apart:
 * "Instagram · 10K-100K followers · Germany · Fitness".
 */
export function suggestSearchTitle(values: SearchFormValues): string {
  const parts: string[] = [PLATFORM_NAMES[values.platform]];
  const followers = followersPart(values);
  if (followers !== null) parts.push(followers);
  parts.push(...values.locations.map((option) => option.label));
  parts.push(...values.interests.map((option) => option.label));
  parts.push(...values.brands.map((option) => option.label));
  if (values.keywords.trim() !== '') parts.push(`"${values.keywords.trim()}"`);
  if (values.audienceLocations.length > 0) {
    parts.push(`audience ${values.audienceLocations.map((option) => option.label).join(', ')}`);
  }
  if (parts.length === 1) return `${parts[0]} search`;
  let title = '';
  for (const part of parts) {
    const clean = part.replace(NOT_IN_TAB_NAMES, ' ').replace(/\s+/g, ' ').trim();
    if (clean === '') continue;
    const next = title === '' ? clean : `${title} · ${clean}`;
    if (next.length > SUGGESTION_MAX_CHARS) break;
    title = next;
  }
  return title;
}
