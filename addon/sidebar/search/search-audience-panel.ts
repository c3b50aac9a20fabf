import { watchFields } from '../ai-search/ai-search-part';
import { createElement } from '../ui/create-element';
import { checkboxField, detailsGroup, selectField, textField, weightField } from '../ui/form-fields';
import { writeChoice, writeFlag, writeText } from '../ui/form-write';
import type { SearchFormValues } from './search-form';
import { AUDIENCE_AGES, AUDIENCE_DEFAULT_WEIGHT_PERCENT } from './search-options';
import { ANY, dictionaryCombo, type SearchPart, type SearchPartContext } from './search-part';

export type AudienceFilterValues = Pick<
  SearchFormValues,
  | 'audienceLocations'
  | 'audienceLocationsWeight'
  | 'audienceLanguage'
  | 'audienceLanguageWeight'
  | 'audienceGender'
  | 'audienceGenderWeight'
  | 'audienceAges'
  | 'audienceAgesWeight'
  | 'audienceInterests'
  | 'audienceInterestsWeight'
  | 'audienceCredibility'
>;

/** How much each audience filter counts, in percent. */
function weightFields() {
  const weight = (label: string, kind: keyof typeof AUDIENCE_DEFAULT_WEIGHT_PERCENT) =>
    weightField(label, AUDIENCE_DEFAULT_WEIGHT_PERCENT[kind]);
  return {
    audienceLocationsWeight: weight('Audience location weight', 'location'),
    audienceLanguageWeight: weight('Audience language weight', 'language'),
    audienceGenderWeight: weight('Audience gender weight', 'gender'),
    audienceAgesWeight: weight('Audience age weight', 'age'),
    audienceInterestsWeight: weight('Audience interest weight', 'interests'),
  };
}

function audienceFields(part: SearchPartContext) {
  const audienceGender = selectField('Audience gender', [
    ANY,
    { value: 'MALE', label: 'Mostly male' },
    { value: 'FEMALE', label: 'Mostly female' },
  ]);
  const ageBoxes = AUDIENCE_AGES.map((age) => ({ age, box: checkboxField(age) }));
  const agesFieldset = createElement('fieldset', { class: 'ages' }, [
    createElement('legend', {}, ['Audience ages']),
    ...ageBoxes.map(({ box }) => box.wrapper),
  ]);
  const audienceCredibility = textField({
    label: 'Real followers, min (%)',
    inputMode: 'decimal',
    placeholder: '75',
    hint: 'Audience credibility: 75% means at most a quarter of fake followers.',
  });
  return {
    locations: dictionaryCombo(part, 'Audience locations', 'locations', true, 'Type a country or city'),
    language: dictionaryCombo(part, 'Audience language', 'languages', false, 'Type a language'),
    interests: dictionaryCombo(part, 'Audience interests', 'interests', true, 'Type an interest'),
    audienceGender,
    ageBoxes,
    agesFieldset,
    audienceCredibility,
  };
}

/** "Audience": where the followers are, their language, gender, ages, interests and how real. */
export function createSearchAudiencePanel(part: SearchPartContext): SearchPart<AudienceFilterValues> {
  const w = weightFields();
  const a = audienceFields(part);
  watchFields(part.changed, [a.audienceCredibility, ...Object.values(w)], [a.audienceGender]);
  watchFields(
    part.changed,
    [],
    a.ageBoxes.map(({ box }) => box),
  );
  const group = detailsGroup('Audience', false, [
    a.locations.element,
    w.audienceLocationsWeight.wrapper,
    a.language.element,
    w.audienceLanguageWeight.wrapper,
    a.audienceGender.wrapper,
    w.audienceGenderWeight.wrapper,
    a.agesFieldset,
    w.audienceAgesWeight.wrapper,
    a.interests.element,
    w.audienceInterestsWeight.wrapper,
    a.audienceCredibility.wrapper,
  ]);
  return {
    elements: [group],
    read: () => ({
      audienceLocations: a.locations.chosen(),
      audienceLocationsWeight: w.audienceLocationsWeight.control.value,
      audienceLanguage: a.language.chosen()[0] ?? null,
      audienceLanguageWeight: w.audienceLanguageWeight.control.value,
      audienceGender: a.audienceGender.control.value,
      audienceGenderWeight: w.audienceGenderWeight.control.value,
      audienceAges: a.ageBoxes.filter(({ box }) => box.control.checked).map(({ age }) => age),
      audienceAgesWeight: w.audienceAgesWeight.control.value,
      audienceInterests: a.interests.chosen(),
      audienceInterestsWeight: w.audienceInterestsWeight.control.value,
      audienceCredibility: a.audienceCredibility.control.value,
    }),
    write(values) {
      a.locations.choose(values.audienceLocations);
      a.language.choose(values.audienceLanguage === null ? [] : [values.audienceLanguage]);
      a.interests.choose(values.audienceInterests);
      writeText(w.audienceLocationsWeight, values.audienceLocationsWeight);
      writeText(w.audienceLanguageWeight, values.audienceLanguageWeight);
      writeText(w.audienceGenderWeight, values.audienceGenderWeight);
      writeText(w.audienceAgesWeight, values.audienceAgesWeight);
      writeText(w.audienceInterestsWeight, values.audienceInterestsWeight);
      writeChoice(a.audienceGender, values.audienceGender);
      for (const { age, box } of a.ageBoxes) writeFlag(box, values.audienceAges.includes(age));
      writeText(a.audienceCredibility, values.audienceCredibility);
    },
    fields: { ...w, audienceGender: a.audienceGender, audienceCredibility: a.audienceCredibility },
  };
}
