import { watchFields } from '../ai-search/ai-search-part';
import { checkboxField, detailsGroup, fieldPair, selectField, textField } from '../ui/form-fields';
import { writeChoice, writeFlag, writeText } from '../ui/form-write';
import type { SearchFormValues } from './search-form';
import { AGE_STEPS, GENDER_CHOICES } from './search-options';
import { ANY, dictionaryCombo, type SearchPart, type SearchPartContext } from './search-part';

export type CreatorFilterValues = Pick<
  SearchFormValues,
  | 'followersMin'
  | 'followersMax'
  | 'engagementRateMin'
  | 'locations'
  | 'language'
  | 'gender'
  | 'ageMin'
  | 'ageMax'
  | 'interests'
  | 'brands'
  | 'lastPostedDays'
  | 'keywords'
  | 'bio'
  | 'hasEmail'
>;

function sizeFields() {
  const followersMin = textField({ label: 'Followers, min', inputMode: 'numeric', placeholder: '10k' });
  const followersMax = textField({ label: 'Followers, max', inputMode: 'numeric', placeholder: '1m' });
  const engagementRateMin = textField({
    label: 'Engagement rate, min (%)',
    inputMode: 'decimal',
    placeholder: '2.5',
  });
  const lastPostedDays = textField({
    label: 'Posted in the last (days)',
    inputMode: 'numeric',
    placeholder: '30',
  });
  return { followersMin, followersMax, engagementRateMin, lastPostedDays };
}

function whoFields() {
  const gender = selectField('Creator gender', [ANY, ...GENDER_CHOICES]);
  const ageChoices = [ANY, ...AGE_STEPS.map((age) => ({ value: String(age), label: String(age) }))];
  const ageMin = selectField('Age, min', ageChoices);
  const ageMax = selectField('Age, max', ageChoices);
  const keywords = textField({ label: 'Keywords in captions', hint: 'Exact words.' });
  const bio = textField({ label: 'Words in the bio', hint: 'Matches bio, name and handle.' });
  const hasEmail = checkboxField('Has an e-mail address');
  return { gender, ageMin, ageMax, keywords, bio, hasEmail };
}

function dictionaryFields(part: SearchPartContext) {
  return {
    locations: dictionaryCombo(part, 'Creator locations', 'locations', true, 'Type a country or city'),
    language: dictionaryCombo(part, 'Creator language', 'languages', false, 'Type a language'),
    interests: dictionaryCombo(part, 'Creator interests', 'interests', true, 'Type an interest'),
    brands: dictionaryCombo(part, 'Brands worked with', 'brands', true, 'Type a brand'),
  };
}

/** "Creator": the creator's own numbers, places, people and words. */
export function createSearchCreatorPanel(part: SearchPartContext): SearchPart<CreatorFilterValues> {
  const size = sizeFields();
  const who = whoFields();
  const picked = dictionaryFields(part);
  watchFields(
    part.changed,
    [
      size.followersMin,
      size.followersMax,
      size.engagementRateMin,
      size.lastPostedDays,
      who.keywords,
      who.bio,
    ],
    [who.gender, who.ageMin, who.ageMax, who.hasEmail],
  );
  const group = detailsGroup('Creator', true, [
    fieldPair(size.followersMin, size.followersMax),
    size.engagementRateMin.wrapper,
    picked.locations.element,
    picked.language.element,
    who.gender.wrapper,
    fieldPair(who.ageMin, who.ageMax),
    picked.interests.element,
    picked.brands.element,
    size.lastPostedDays.wrapper,
    who.keywords.wrapper,
    who.bio.wrapper,
    who.hasEmail.wrapper,
  ]);
  return {
    elements: [group],
    read: () => ({
      followersMin: size.followersMin.control.value,
      followersMax: size.followersMax.control.value,
      engagementRateMin: size.engagementRateMin.control.value,
      locations: picked.locations.chosen(),
      language: picked.language.chosen()[0] ?? null,
      gender: who.gender.control.value,
      ageMin: who.ageMin.control.value,
      ageMax: who.ageMax.control.value,
      interests: picked.interests.chosen(),
      brands: picked.brands.chosen(),
      lastPostedDays: size.lastPostedDays.control.value,
      keywords: who.keywords.control.value,
      bio: who.bio.control.value,
      hasEmail: who.hasEmail.control.checked,
    }),
    write(values) {
      writeText(size.followersMin, values.followersMin);
      writeText(size.followersMax, values.followersMax);
      writeText(size.engagementRateMin, values.engagementRateMin);
      writeText(size.lastPostedDays, values.lastPostedDays);
      picked.locations.choose(values.locations);
      picked.language.choose(values.language === null ? [] : [values.language]);
      picked.interests.choose(values.interests);
      picked.brands.choose(values.brands);
      writeChoice(who.gender, values.gender);
      writeChoice(who.ageMin, values.ageMin);
      writeChoice(who.ageMax, values.ageMax);
      writeText(who.keywords, values.keywords);
      writeText(who.bio, values.bio);
      writeFlag(who.hasEmail, values.hasEmail);
    },
    fields: { ...size, gender: who.gender, ageMin: who.ageMin, ageMax: who.ageMax },
  };
}
