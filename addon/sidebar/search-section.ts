import { PLATFORMS, type Platform } from '../../shared/platforms';
import type { DictionaryKind, SearchEstimate, SearchForm } from '../shared/sidebar-api';
import { type Combobox, createCombobox } from './combobox';
import { createCostedRun } from './costed-run';
import { createElement } from './create-element';
import { debounce } from './debounce';
import { confirmCostLabel, maxCostText, searchEstimateFacts, startLabel } from './estimate-text';
import {
  checkboxField,
  detailsGroup,
  type Field,
  factList,
  fieldPair,
  selectField,
  setChoices,
  textField,
  weightField,
} from './form-fields';
import { latestOnly, STALE } from './latest-only';
import { buildSearchForm, initialSearchValues, type SearchField, type SearchFormValues } from './search-form';
import {
  AGE_STEPS,
  AUDIENCE_AGES,
  AUDIENCE_DEFAULT_WEIGHT_PERCENT,
  GENDER_CHOICES,
  MAX_SEARCH_PAGES,
  PLATFORM_NAMES,
  sortChoicesFor,
} from './search-options';
import { type SearchCheck, searchRunBlocker } from './search-run-state';
import { suggestSearchTitle } from './search-title';
import type { SectionDefinition, SectionView, SidebarContext } from './sidebar-context';

/** The cost estimate follows the form, once typing pauses. */
export const ESTIMATE_DEBOUNCE_MS = 300;

const ANY = { value: '', label: 'Any' };

/** Search: filters -> live cost estimate -> Run, which pulls the pages into a new tab as a job. */
function renderSearchSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const defaults = initialSearchValues();
  const platform = selectField(
    'Platform',
    PLATFORMS.map((value) => ({ value, label: PLATFORM_NAMES[value] })),
    defaults.platform,
  );
  const currentPlatform = (): Platform =>
    PLATFORMS.find((value) => value === platform.control.value) ?? 'instagram';
  const dictionary = (kind: DictionaryKind) => (query: string) =>
    context.server.lookupDictionary(currentPlatform(), kind, query);

  const combo = (label: string, kind: DictionaryKind, multiple: boolean, placeholder: string): Combobox =>
    createCombobox({ label, multiple, placeholder, search: dictionary(kind), onChange: () => changed() });

  // Creator filters.
  const followersMin = textField({ label: 'Followers, min', inputMode: 'numeric', placeholder: '10k' });
  const followersMax = textField({ label: 'Followers, max', inputMode: 'numeric', placeholder: '1m' });
  const engagementRateMin = textField({
    label: 'Engagement rate, min (%)',
    inputMode: 'decimal',
    placeholder: '2.5',
  });
  const locations = combo('Creator locations', 'locations', true, 'Type a country or city');
  const language = combo('Creator language', 'languages', false, 'Type a language');
  const gender = selectField('Creator gender', [ANY, ...GENDER_CHOICES]);
  const ageChoices = [ANY, ...AGE_STEPS.map((age) => ({ value: String(age), label: String(age) }))];
  const ageMin = selectField('Age, min', ageChoices);
  const ageMax = selectField('Age, max', ageChoices);
  const interests = combo('Creator interests', 'interests', true, 'Type an interest');
  const brands = combo('Brands worked with', 'brands', true, 'Type a brand');
  const lastPostedDays = textField({
    label: 'Posted in the last (days)',
    inputMode: 'numeric',
    placeholder: '30',
  });
  const keywords = textField({ label: 'Keywords in captions', hint: 'Exact words.' });
  const bio = textField({ label: 'Words in the bio', hint: 'Matches bio, name and handle.' });
  const hasEmail = checkboxField('Has an e-mail address');

  // Audience filters.
  const audienceLocations = combo('Audience locations', 'locations', true, 'Type a country or city');
  const audienceLocationsWeight = weightField(
    'Audience location weight',
    AUDIENCE_DEFAULT_WEIGHT_PERCENT.location,
  );
  const audienceLanguage = combo('Audience language', 'languages', false, 'Type a language');
  const audienceLanguageWeight = weightField(
    'Audience language weight',
    AUDIENCE_DEFAULT_WEIGHT_PERCENT.language,
  );
  const audienceGender = selectField('Audience gender', [
    ANY,
    { value: 'MALE', label: 'Mostly male' },
    { value: 'FEMALE', label: 'Mostly female' },
  ]);
  const audienceGenderWeight = weightField('Audience gender weight', AUDIENCE_DEFAULT_WEIGHT_PERCENT.gender);
  const ageBoxes = AUDIENCE_AGES.map((age) => ({ age, box: checkboxField(age) }));
  const agesFieldset = createElement('fieldset', { class: 'ages' }, [
    createElement('legend', {}, ['Audience ages']),
    ...ageBoxes.map(({ box }) => box.wrapper),
  ]);
  const audienceAgesWeight = weightField('Audience age weight', AUDIENCE_DEFAULT_WEIGHT_PERCENT.age);
  const audienceInterests = combo('Audience interests', 'interests', true, 'Type an interest');
  const audienceInterestsWeight = weightField(
    'Audience interest weight',
    AUDIENCE_DEFAULT_WEIGHT_PERCENT.interests,
  );
  const audienceCredibility = textField({
    label: 'Real followers, min (%)',
    inputMode: 'decimal',
    placeholder: '75',
    hint: 'Audience credibility: 75% means at most a quarter of fake followers.',
  });

  // Sort, size and title.
  const sortField = selectField('Sort by', []);
  const sortDirection = selectField(
    'Order',
    [
      { value: 'desc', label: 'Highest first' },
      { value: 'asc', label: 'Lowest first' },
    ],
    defaults.sortDirection,
  );
  const pages = textField({
    label: 'Pages',
    value: defaults.pages,
    inputMode: 'numeric',
    hint: `15 creators per page, up to ${MAX_SEARCH_PAGES} pages.`,
  });
  const title = textField({ label: 'New tab name', hint: 'Made from the filters until you change it.' });
  let titleEdited = false;

  const fieldsByName: Partial<Record<SearchField, Field<HTMLElement>>> = {
    platform,
    followersMin,
    followersMax,
    engagementRateMin,
    gender,
    ageMin,
    ageMax,
    lastPostedDays,
    audienceLocationsWeight,
    audienceLanguageWeight,
    audienceGender,
    audienceGenderWeight,
    audienceAgesWeight,
    audienceInterestsWeight,
    audienceCredibility,
    sortField,
    pages,
    title,
  };

  const refreshSortChoices = (): void => {
    setChoices(
      sortField.control,
      sortChoicesFor(currentPlatform()).map((choice) => ({ value: choice.field, label: choice.label })),
      sortField.control.value || defaults.sortField,
    );
  };
  refreshSortChoices();

  const readValues = (): SearchFormValues => ({
    platform: currentPlatform(),
    title: title.control.value,
    followersMin: followersMin.control.value,
    followersMax: followersMax.control.value,
    engagementRateMin: engagementRateMin.control.value,
    locations: locations.chosen(),
    language: language.chosen()[0] ?? null,
    gender: gender.control.value,
    ageMin: ageMin.control.value,
    ageMax: ageMax.control.value,
    interests: interests.chosen(),
    brands: brands.chosen(),
    lastPostedDays: lastPostedDays.control.value,
    keywords: keywords.control.value,
    bio: bio.control.value,
    hasEmail: hasEmail.control.checked,
    audienceLocations: audienceLocations.chosen(),
    audienceLocationsWeight: audienceLocationsWeight.control.value,
    audienceLanguage: audienceLanguage.chosen()[0] ?? null,
    audienceLanguageWeight: audienceLanguageWeight.control.value,
    audienceGender: audienceGender.control.value,
    audienceGenderWeight: audienceGenderWeight.control.value,
    audienceAges: ageBoxes.filter(({ box }) => box.control.checked).map(({ age }) => age),
    audienceAgesWeight: audienceAgesWeight.control.value,
    audienceInterests: audienceInterests.chosen(),
    audienceInterestsWeight: audienceInterestsWeight.control.value,
    audienceCredibility: audienceCredibility.control.value,
    sortField: sortField.control.value,
    sortDirection: sortDirection.control.value,
    pages: pages.control.value,
  });

  const otherErrors = createElement('ul', { class: 'field-error', role: 'alert', hidden: '' });

  let form: SearchForm | null = null;
  let currentKey: string | null = null;
  let check: SearchCheck | null = null;
  let estimating = false;

  const blockReason = (): string | null =>
    searchRunBlocker({ currentKey, check, estimating, confirmedCost: costed.confirmed() });

  const startRun = async (): Promise<void> => {
    const current = form;
    if (current === null) return;
    try {
      const job = await context.server.startSearch(current, costed.confirmed());
      context.jobs.track(job);
      context.status.success(`Search started. ${job.message}`);
      // Running it again is a new paid action: ask again.
      costed.dropConsent();
      if (check !== null) showEstimate(check.estimate);
    } catch (error) {
      context.fail('start the search', error);
    }
  };

  const costed = createCostedRun({
    initialLabel: 'Run search',
    label: () =>
      startLabel('Run search', check !== null && check.key === currentKey ? check.estimate.maxCredits : null),
    blockReason,
    run: startRun,
  });

  const showEstimate = (estimate: SearchEstimate): void => {
    costed.showEstimate({
      parts: [
        factList(searchEstimateFacts(estimate)),
        createElement('p', {}, [estimate.summary]),
        createElement('p', { class: 'cost' }, [maxCostText(estimate.maxCredits)]),
      ],
      confirmLabel: estimate.needsConfirmation ? confirmCostLabel(estimate.maxCredits) : null,
    });
  };

  const estimate = latestOnly((next: SearchForm) => context.server.estimateSearch(next));
  const requestEstimate = debounce((next: SearchForm, key: string) => {
    estimate(next).then(
      (answer) => {
        if (answer === STALE || key !== currentKey) return;
        estimating = false;
        check = { key, estimate: answer };
        showEstimate(answer);
        costed.refresh();
      },
      (error: unknown) => {
        if (key !== currentKey) return;
        estimating = false;
        costed.showOther();
        context.fail('estimate the cost', error);
        costed.refresh();
      },
    );
  }, ESTIMATE_DEBOUNCE_MS);

  const changed = (): void => {
    const values = readValues();
    if (!titleEdited) {
      title.control.value = suggestSearchTitle(values);
      values.title = title.control.value;
    }
    const result = buildSearchForm(values);
    for (const field of Object.values(fieldsByName)) field.setError(null);
    const unplaced: string[] = [];
    if (!result.ok) {
      for (const error of result.errors) {
        const field = fieldsByName[error.field];
        if (field === undefined) unplaced.push(error.message);
        else field.setError(error.message);
      }
    }
    otherErrors.replaceChildren(...unplaced.map((message) => createElement('li', {}, [message])));
    otherErrors.hidden = unplaced.length === 0;

    const key = result.ok ? JSON.stringify(result.form) : null;
    // Consent was given for another search's cost; ask again.
    costed.consentFor(key);
    form = result.ok ? result.form : null;
    currentKey = key;
    if (result.ok && key !== null && (check === null || check.key !== key)) {
      estimating = true;
      costed.showNote('Working out the cost…');
      requestEstimate(result.form, key);
    } else if (!result.ok) {
      estimating = false;
      requestEstimate.cancel();
      costed.showOther();
    } else if (check !== null) {
      showEstimate(check.estimate);
    }
    costed.refresh();
  };

  platform.control.addEventListener('change', () => {
    refreshSortChoices();
    changed();
  });
  title.control.addEventListener('input', () => {
    titleEdited = title.control.value.trim() !== '';
    changed();
  });
  const inputs: Field<HTMLElement>[] = [
    followersMin,
    followersMax,
    engagementRateMin,
    lastPostedDays,
    keywords,
    bio,
    audienceCredibility,
    pages,
    audienceLocationsWeight,
    audienceLanguageWeight,
    audienceGenderWeight,
    audienceAgesWeight,
    audienceInterestsWeight,
  ];
  for (const field of inputs) field.control.addEventListener('input', changed);
  const choices: Field<HTMLElement>[] = [
    gender,
    ageMin,
    ageMax,
    audienceGender,
    sortField,
    sortDirection,
    hasEmail,
  ];
  for (const field of choices) field.control.addEventListener('change', changed);
  for (const { box } of ageBoxes) box.control.addEventListener('change', changed);

  panel.replaceChildren(
    createElement('h2', {}, ['Search']),
    createElement('p', { class: 'intro' }, [
      'Finds creators by their own numbers and by their audience, and writes the results into a new tab.',
    ]),
    platform.wrapper,
    detailsGroup('Creator', true, [
      fieldPair(followersMin, followersMax),
      engagementRateMin.wrapper,
      locations.element,
      language.element,
      gender.wrapper,
      fieldPair(ageMin, ageMax),
      interests.element,
      brands.element,
      lastPostedDays.wrapper,
      keywords.wrapper,
      bio.wrapper,
      hasEmail.wrapper,
    ]),
    detailsGroup('Audience', false, [
      audienceLocations.element,
      audienceLocationsWeight.wrapper,
      audienceLanguage.element,
      audienceLanguageWeight.wrapper,
      audienceGender.wrapper,
      audienceGenderWeight.wrapper,
      agesFieldset,
      audienceAgesWeight.wrapper,
      audienceInterests.element,
      audienceInterestsWeight.wrapper,
      audienceCredibility.wrapper,
    ]),
    detailsGroup('Sort and size', true, [fieldPair(sortField, sortDirection), pages.wrapper, title.wrapper]),
    otherErrors,
    ...costed.elements,
  );
  changed();
  return {};
}

export const searchSection: SectionDefinition = { title: 'Search', render: renderSearchSection };
