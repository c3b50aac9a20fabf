import {
  AI_ACCOUNT_TYPE_CHOICES,
  AI_AGE_MAX_CHOICES,
  AI_AGE_MIN_CHOICES,
  AI_GENDER_CHOICES,
  type AiFilterValues,
} from './ai-filters-form';
import { type AiPartContext, type AiSearchPart, watchFields } from './ai-search-part';
import { aiCombo, dictionarySearch } from './ai-search-typeahead';
import {
  checkboxField,
  type Choice,
  detailsGroup,
  fieldPair,
  selectField,
  textField,
  withId,
} from '../ui/form-fields';
import { writeChoice, writeFlag, writeText } from '../ui/form-write';

export type AiWhoFilters = Pick<
  AiFilterValues,
  'locations' | 'language' | 'gender' | 'ageMin' | 'ageMax' | 'accountType' | 'hasEmail' | 'username'
>;

const ANY: Choice = { value: '', label: 'Any' };

function whoChoices() {
  return {
    gender: withId(selectField('Creator gender', [ANY, ...AI_GENDER_CHOICES]), 'ai-search-gender'),
    ageMin: withId(selectField('Age, min', [ANY, ...AI_AGE_MIN_CHOICES]), 'ai-search-age-min'),
    ageMax: withId(selectField('Age, max', [ANY, ...AI_AGE_MAX_CHOICES]), 'ai-search-age-max'),
    accountType: withId(
      selectField('Account type', [ANY, ...AI_ACCOUNT_TYPE_CHOICES]),
      'ai-search-account-type',
    ),
    hasEmail: withId(checkboxField('Has an e-mail address'), 'ai-search-has-email'),
  };
}

/** The "Who" filters: where the creator is, their language, gender, age and kind of account. */
export function createAiWhoFilters(part: AiPartContext): AiSearchPart<AiWhoFilters> {
  const locations = aiCombo(part, {
    id: 'ai-search-locations',
    label: 'Creator locations',
    multiple: true,
    search: dictionarySearch(part, 'locations'),
    placeholder: 'Type a country or city',
  });
  const language = aiCombo(part, {
    id: 'ai-search-language',
    label: 'Creator language',
    multiple: false,
    search: dictionarySearch(part, 'languages'),
    placeholder: 'Type a language',
  });
  const c = whoChoices();
  const username = withId(
    textField({ label: 'Username contains', placeholder: 'chef', hint: 'Matches the handle.' }),
    'ai-search-username',
  );
  watchFields(part.changed, [username], Object.values(c));
  const group = detailsGroup(
    'Who',
    false,
    [
      locations.element,
      language.element,
      c.gender.wrapper,
      fieldPair(c.ageMin, c.ageMax),
      c.accountType.wrapper,
      c.hasEmail.wrapper,
      username.wrapper,
    ],
    'ai-search-who-group',
  );
  return {
    elements: [group],
    read: () => ({
      locations: locations.chosen(),
      language: language.chosen()[0] ?? null,
      gender: c.gender.control.value,
      ageMin: c.ageMin.control.value,
      ageMax: c.ageMax.control.value,
      accountType: c.accountType.control.value,
      hasEmail: c.hasEmail.control.checked,
      username: username.control.value,
    }),
    write(values) {
      locations.choose(values.locations);
      language.choose(values.language === null ? [] : [values.language]);
      writeChoice(c.gender, values.gender);
      writeChoice(c.ageMin, values.ageMin);
      writeChoice(c.ageMax, values.ageMax);
      writeChoice(c.accountType, values.accountType);
      writeFlag(c.hasEmail, values.hasEmail);
      writeText(username, values.username);
    },
    errors: {
      gender: c.gender,
      ageMin: c.ageMin,
      ageMax: c.ageMax,
      accountType: c.accountType,
      username,
    },
  };
}
