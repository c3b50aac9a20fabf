import { isPlatform } from '../../../shared/platforms';
import { isRecord } from '../../../shared/rows/cell-values';
import type { FormJson } from '../../bridge-contract/saved-work-api';
import { type KeptKind, readKept } from '../ui/kept-form-values';
import { initialSearchValues, type SearchFormValues } from './search-form';

/**
 * The Search form as kept (issue 15): every field as typed, the tab's name only when the user
 * typed one (else the name follows the filters again when it is loaded), and the tab choice.
 */

const KINDS: Record<Exclude<keyof SearchFormValues, 'platform'>, KeptKind> = {
  title: 'text',
  followersMin: 'text',
  followersMax: 'text',
  engagementRateMin: 'text',
  locations: 'options',
  language: 'option',
  gender: 'text',
  ageMin: 'text',
  ageMax: 'text',
  interests: 'options',
  brands: 'options',
  lastPostedDays: 'text',
  keywords: 'text',
  bio: 'text',
  hasEmail: 'flag',
  audienceLocations: 'options',
  audienceLocationsWeight: 'text',
  audienceLanguage: 'option',
  audienceLanguageWeight: 'text',
  audienceGender: 'text',
  audienceGenderWeight: 'text',
  audienceAges: 'texts',
  audienceAgesWeight: 'text',
  audienceInterests: 'options',
  audienceInterestsWeight: 'text',
  audienceCredibility: 'text',
  sortField: 'text',
  sortDirection: 'text',
  pages: 'text',
  tabMode: 'text',
};

/** What is kept of the form: `titleEdited` false keeps no name, so the suggestion comes back. */
export function keptSearchForm(values: SearchFormValues, titleEdited: boolean): SearchFormValues {
  return { ...values, title: titleEdited ? values.title : '' };
}

/** A kept form as the form's values; fields missing or of another kind take the defaults. */
export function readKeptSearchForm(kept: FormJson): SearchFormValues {
  const platform = isRecord(kept) && isPlatform(kept.platform) ? kept.platform : 'instagram';
  return readKept(initialSearchValues(platform), KINDS, kept);
}
