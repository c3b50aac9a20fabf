import { isPlatform } from '../../../shared/platforms';
import { isRecord } from '../../../shared/rows/cell-values';
import type { AiImageSource } from '../../bridge-contract/ai-search-api';
import type { FormJson } from '../../bridge-contract/saved-work-api';
import { type AiFilterValues, initialAiFilterValues } from './ai-filters-form';
import { type AiSearchFormValues, initialAiSearchValues } from './ai-search-form';
import { type KeptKind, readKept } from '../ui/kept-form-values';

/**
 * The AI search form as kept (issue 15): every field as typed, the tab's name only when the user
 * typed one, and an image only as a link (an uploaded file is the user's, and far larger than the
 * 9 KB a saved form may take: it is chosen again).
 */

const FILTER_KINDS: Record<keyof AiFilterValues, KeptKind> = {
  followersMin: 'text',
  followersMax: 'text',
  viewsMin: 'text',
  viewsMax: 'text',
  viewsMethod: 'text',
  engagementRateMin: 'text',
  postingFrequencyMin: 'text',
  postingFrequencyMax: 'text',
  growthInterval: 'text',
  growthMin: 'text',
  growthMax: 'text',
  locations: 'options',
  language: 'option',
  gender: 'text',
  ageMin: 'text',
  ageMax: 'text',
  accountType: 'text',
  lastPostedDays: 'text',
  maxPostAgeMonths: 'text',
  contentType: 'text',
  hasEmail: 'flag',
  username: 'text',
  brands: 'options',
  hashtagsInclude: 'options',
  hashtagsExclude: 'options',
  mentionsInclude: 'options',
  mentionsExclude: 'options',
  bio: 'text',
  keywords: 'text',
  listId: 'text',
  listMode: 'text',
  credibility: 'text',
};

const KINDS: Partial<Record<keyof AiSearchFormValues, KeptKind>> = {
  query: 'text',
  sources: 'text',
  pageSize: 'text',
  pages: 'text',
  title: 'text',
  tabMode: 'text',
};

function recordOf(value: unknown): Record<string, unknown> {
  return isRecord(value) ? value : {};
}

function imageLink(value: unknown): AiImageSource | null {
  const record = recordOf(value);
  return record.kind === 'url' && typeof record.url === 'string' ? { kind: 'url', url: record.url } : null;
}

/** What is kept of the form. */
export function keptAiSearchForm(values: AiSearchFormValues, titleEdited: boolean): AiSearchFormValues {
  return {
    ...values,
    title: titleEdited ? values.title : '',
    image: values.image?.kind === 'url' ? values.image : null,
  };
}

/** A kept form as the form's values; fields missing or of another kind take the defaults. */
export function readKeptAiSearchForm(kept: FormJson): AiSearchFormValues {
  const record = recordOf(kept);
  const defaults = initialAiSearchValues();
  const mode = record.mode === 'image' || record.mode === 'lookalikes' ? record.mode : 'text';
  return {
    ...readKept(defaults, KINDS, kept),
    mode,
    platform: isPlatform(record.platform) ? record.platform : defaults.platform,
    image: imageLink(record.image),
    filters: readKept(initialAiFilterValues(), FILTER_KINDS, record.filters),
  };
}
