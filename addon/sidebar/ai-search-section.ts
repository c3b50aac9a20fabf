import { AI_MAX_PHRASES, AI_SEARCH_MIN_FOLLOWERS, LOOKALIKE_MAX_SOURCES } from '../../shared/limits';
import { PLATFORMS, type Platform } from '../../shared/platforms';
import type { AiFilterDictionary, AiImageSource, AiSearchRequest } from '../shared/ai-search-api';
import {
  AI_PAGE_SIZE_MAX,
  aiCreditsText,
  aiPacingText,
  aiPageProgressText,
  type AiSearchEstimate,
} from '../shared/ai-search-plan';
import type { DictionaryKind, DictionaryOption, JobView } from '../shared/sidebar-api';
import {
  AI_ACCOUNT_TYPE_CHOICES,
  AI_AGE_MAX_CHOICES,
  AI_AGE_MIN_CHOICES,
  AI_CONTENT_TYPE_CHOICES,
  AI_GENDER_CHOICES,
  AI_GROWTH_INTERVAL_CHOICES,
  AI_POST_AGE_CHOICES,
  AI_VIEWS_METHOD_CHOICES,
  type AiFilterValues,
  DEFAULT_GROWTH_INTERVAL,
  hasMentions,
  phraseCountText,
} from './ai-filters-form';
import {
  AI_MODE_CHOICES,
  type AiSearchField,
  type AiSearchFormValues,
  buildAiSearchRequest,
  cappedPages,
  initialAiSearchValues,
  pagesLimitText,
  suggestAiSearchTitle,
} from './ai-search-form';
import { whileBusy } from './busy';
import { type Combobox, createCombobox } from './combobox';
import { createElement } from './create-element';
import { errorMessage } from './error-text';
import { confirmCostLabel, maxCostText, startLabel } from './estimate-text';
import {
  button,
  checkboxField,
  type Choice,
  detailsGroup,
  factList,
  type Field,
  fieldPair,
  radioGroup,
  selectField,
  setChoices,
  textAreaField,
  textField,
  uniqueId,
  withId,
  withRadioIds,
} from './form-fields';
import { imageFileProblem, fileSizeText, readImageFile } from './image-file';
import { isJobActive } from './job-progress-text';
import { PLATFORM_NAMES } from './search-options';
import type { SectionDefinition, SectionView, SidebarContext } from './sidebar-context';
import { formatCount } from './count-text';

const RUN_VERB = 'Run AI search';
const ANY: Choice = { value: '', label: 'Any' };

/**
 * A line for how the API reads a field (snapped ranges, phrase counts), announced as it changes;
 * inside the field's wrapper, or, for a pair of fields, placed by the caller under the pair.
 */
function noteLine(id: string, field?: Field<HTMLElement>): HTMLParagraphElement {
  const note = createElement('p', { class: 'hint ai-search-note', id, 'aria-live': 'polite', hidden: '' });
  field?.wrapper.append(note);
  return note;
}

/** A typeahead's options with what was typed first, for tags that are not (yet) popular. */
function withTyped(query: string, sign: '#' | '@', options: readonly DictionaryOption[]): DictionaryOption[] {
  const typed = query.trim().replace(/^[#@]/, '');
  if (typed === '' || /\s/.test(typed)) return [...options];
  const exists = options.some((option) => String(option.id).toLowerCase() === typed.toLowerCase());
  return exists ? [...options] : [{ id: typed, label: `${sign}${typed} (as typed)` }, ...options];
}

/**
 * AI search: a description, an image or source creators, then every AI filter, page size and
 * pages (the depth limit shown), the cost before running, and a job that writes into a new tab.
 */
function renderAiSearchSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const defaults = initialAiSearchValues();

  const mode = withRadioIds(radioGroup('Search by', AI_MODE_CHOICES, defaults.mode), 'ai-search-mode');
  mode.fieldset.id = 'ai-search-mode';
  const platform = withId(
    selectField(
      'Platform',
      PLATFORMS.map((value) => ({ value, label: PLATFORM_NAMES[value] })),
      defaults.platform,
    ),
    'ai-search-platform',
  );
  const currentPlatform = (): Platform =>
    PLATFORMS.find((value) => value === platform.control.value) ?? 'instagram';

  // Text.
  const query = withId(
    textAreaField({
      label: 'What the posts show',
      hint: 'Positive words only, e.g. "home workouts with kettlebells". To leave creators out, use the exclude filters.',
      placeholder: 'vegan breakfast bowls',
      spellcheck: true,
    }),
    'ai-search-query',
  );
  const queryNote = noteLine('ai-search-query-note', query);
  const textPanel = createElement('div', { class: 'subform', id: 'ai-search-text-panel' }, [query.wrapper]);

  // Image.
  const imageSource = withRadioIds(
    radioGroup(
      'Where is the image?',
      [
        { value: 'upload', label: 'A file on this computer' },
        { value: 'cell', label: 'An image link in the selected cell' },
      ],
      'upload',
    ),
    'ai-search-image-source',
  );
  imageSource.fieldset.id = 'ai-search-image-source';
  const fileInput = createElement('input', {
    type: 'file',
    id: 'ai-search-image-file',
    accept: 'image/jpeg,image/png,image/webp',
    'aria-describedby': 'ai-search-image-file-hint',
  });
  const uploadBox = createElement('div', { class: 'field' }, [
    createElement('label', { for: 'ai-search-image-file' }, ['Image file']),
    fileInput,
    createElement('p', { class: 'hint', id: 'ai-search-image-file-hint' }, [
      'JPEG, PNG or WebP, up to 3.75 MB (the API takes 5 MB once encoded).',
    ]),
  ]);
  const useCell = button('Use the selected cell', { small: true });
  useCell.id = 'ai-search-image-cell';
  const cellBox = createElement('div', { class: 'field' }, [
    createElement('p', { class: 'hint' }, [
      'Select a cell holding an image link (https://…, or =IMAGE("…")). For a Drive file, download it and upload it here.',
    ]),
    useCell,
  ]);
  const imageSummary = createElement('p', {
    class: 'ai-search-image-summary',
    id: 'ai-search-image-summary',
    'aria-live': 'polite',
  });
  const imageError = createElement('p', { class: 'field-error', role: 'alert', hidden: '' });
  const imagePanel = createElement('div', { class: 'subform', id: 'ai-search-image-panel' }, [
    imageSource.fieldset,
    uploadBox,
    cellBox,
    imageSummary,
    imageError,
  ]);
  let uploadImage: { source: AiImageSource; summary: string } | null = null;
  let cellImage: { source: AiImageSource; summary: string } | null = null;
  const currentImage = () => (imageSource.value() === 'upload' ? uploadImage : cellImage);

  // Lookalikes.
  const sources = withId(
    textAreaField({
      label: `Source creators (1 to ${LOOKALIKE_MAX_SOURCES}, one a line)`,
      hint: 'A @handle, profile link or id on the platform above. Several sources combine.',
      placeholder: '@fitwithana',
      rows: 5,
    }),
    'ai-search-sources',
  );
  const useSelection = button('Use the selected cells', { small: true });
  useSelection.id = 'ai-search-sources-selection';
  const lookalikesPanel = createElement('div', { class: 'subform', id: 'ai-search-lookalikes-panel' }, [
    sources.wrapper,
    useSelection,
  ]);

  // Filters: size and activity.
  const followersMin = withId(
    textField({ label: 'Followers, min', inputMode: 'numeric', placeholder: '10k' }),
    'ai-search-followers-min',
  );
  const followersMax = withId(
    textField({ label: 'Followers, max', inputMode: 'numeric', placeholder: '250k' }),
    'ai-search-followers-max',
  );
  const followersNote = noteLine('ai-search-followers-note');
  const viewsMin = withId(
    textField({ label: 'Views per post, min', inputMode: 'numeric', placeholder: '5k' }),
    'ai-search-views-min',
  );
  const viewsMax = withId(
    textField({ label: 'Views per post, max', inputMode: 'numeric' }),
    'ai-search-views-max',
  );
  const viewsNote = noteLine('ai-search-views-note');
  const viewsMethod = withId(
    selectField('Views counted as', [{ value: '', label: 'API default' }, ...AI_VIEWS_METHOD_CHOICES]),
    'ai-search-views-method',
  );
  const engagementMin = withId(
    textField({ label: 'Engagement rate, min (%)', inputMode: 'decimal', placeholder: '2.5' }),
    'ai-search-engagement-min',
  );
  const postingMin = withId(
    textField({ label: 'Posts a month, min', inputMode: 'decimal' }),
    'ai-search-posting-min',
  );
  const postingMax = withId(
    textField({ label: 'Posts a month, max', inputMode: 'decimal' }),
    'ai-search-posting-max',
  );
  const growthInterval = withId(
    selectField(
      'Follower growth over',
      AI_GROWTH_INTERVAL_CHOICES,
      DEFAULT_GROWTH_INTERVAL,
      'In percent below; a negative number for a shrinking audience.',
    ),
    'ai-search-growth-interval',
  );
  const growthMin = withId(
    textField({
      label: 'Growth, min (%)',
      inputMode: 'decimal',
      placeholder: '5',
    }),
    'ai-search-growth-min',
  );
  const growthMax = withId(
    textField({ label: 'Growth, max (%)', inputMode: 'decimal' }),
    'ai-search-growth-max',
  );
  const growthNote = noteLine('ai-search-growth-note');
  const lastPosted = withId(
    textField({ label: 'Posted in the last (days)', inputMode: 'numeric', placeholder: '30' }),
    'ai-search-last-posted',
  );
  const credibility = withId(
    textField({
      label: 'Real followers, min (%)',
      inputMode: 'decimal',
      placeholder: '75',
      hint: '75% means at most a quarter of fake followers.',
    }),
    'ai-search-credibility',
  );

  // Filters: who.
  const dictionary = (kind: DictionaryKind) => (text: string) =>
    context.server.lookupDictionary(currentPlatform(), kind, text);
  const aiDictionary = (kind: AiFilterDictionary, sign?: '#' | '@') => async (text: string) => {
    const options = await context.server.lookupAiFilterOptions(currentPlatform(), kind, text);
    return sign === undefined ? options : withTyped(text, sign, options);
  };
  const combo = (
    id: string,
    label: string,
    multiple: boolean,
    search: (text: string) => Promise<DictionaryOption[]>,
    placeholder: string,
    hint?: string,
  ): Combobox => {
    const box = createCombobox({ label, multiple, placeholder, hint, search, onChange: () => changed() });
    box.element.id = id;
    return box;
  };
  const locations = combo(
    'ai-search-locations',
    'Creator locations',
    true,
    dictionary('locations'),
    'Type a country or city',
  );
  const language = combo(
    'ai-search-language',
    'Creator language',
    false,
    dictionary('languages'),
    'Type a language',
  );
  const gender = withId(selectField('Creator gender', [ANY, ...AI_GENDER_CHOICES]), 'ai-search-gender');
  const ageMin = withId(selectField('Age, min', [ANY, ...AI_AGE_MIN_CHOICES]), 'ai-search-age-min');
  const ageMax = withId(selectField('Age, max', [ANY, ...AI_AGE_MAX_CHOICES]), 'ai-search-age-max');
  const accountType = withId(
    selectField('Account type', [ANY, ...AI_ACCOUNT_TYPE_CHOICES]),
    'ai-search-account-type',
  );
  const hasEmail = withId(checkboxField('Has an e-mail address'), 'ai-search-has-email');
  const username = withId(
    textField({ label: 'Username contains', placeholder: 'chef', hint: 'Matches the handle.' }),
    'ai-search-username',
  );

  // Filters: content.
  const postAge = withId(
    selectField('Posts searched', [{ value: '', label: 'All recent posts' }, ...AI_POST_AGE_CHOICES]),
    'ai-search-post-age',
  );
  const contentType = withId(
    selectField('Content', [{ value: '', label: 'Videos and images' }, ...AI_CONTENT_TYPE_CHOICES]),
    'ai-search-content-type',
  );
  const keywords = withId(
    textAreaField({
      label: `Phrases in captions (up to ${AI_MAX_PHRASES}, one a line)`,
      hint: 'Also titles and descriptions. A creator matches with any one phrase.',
      spellcheck: true,
    }),
    'ai-search-keywords',
  );
  const keywordsNote = noteLine('ai-search-keywords-note', keywords);
  const bio = withId(
    textAreaField({
      label: `Phrases in the bio (up to ${AI_MAX_PHRASES}, one a line)`,
      hint: 'A creator matches with any one phrase.',
      spellcheck: true,
    }),
    'ai-search-bio',
  );
  const bioNote = noteLine('ai-search-bio-note', bio);
  const brands = combo(
    'ai-search-brands',
    'Brands worked with',
    true,
    aiDictionary('brands'),
    'Type a brand',
    'From the AI brands list.',
  );
  const hashtagsInclude = combo(
    'ai-search-hashtags-include',
    'Hashtags used',
    true,
    aiDictionary('hashtags', '#'),
    '#vegan',
  );
  const hashtagsExclude = combo(
    'ai-search-hashtags-exclude',
    'Hashtags never used',
    true,
    aiDictionary('hashtags', '#'),
    '#ad',
  );
  const mentionsInclude = combo(
    'ai-search-mentions-include',
    'Accounts mentioned',
    true,
    aiDictionary('mentions', '@'),
    '@brand',
  );
  const mentionsExclude = combo(
    'ai-search-mentions-exclude',
    'Accounts never mentioned',
    true,
    aiDictionary('mentions', '@'),
    '@competitor',
  );
  const hashtagError = createElement('p', { class: 'field-error', hidden: '' });
  const mentionError = createElement('p', { class: 'field-error', hidden: '' });
  const mentionsNote = createElement('p', { class: 'hint', hidden: '' }, [
    'YouTube has no mentions to filter by.',
  ]);
  const mentionsBox = createElement('div', {}, [
    mentionsInclude.element,
    mentionsExclude.element,
    mentionError,
  ]);

  // Filters: lists.
  const list = withId(selectField('AI list', [{ value: '', label: 'No list' }], ''), 'ai-search-list');
  const listMode = withId(
    selectField('Its members', [
      { value: 'include', label: 'Only creators in the list' },
      { value: 'exclude', label: 'Leave out creators in the list' },
    ]),
    'ai-search-list-mode',
  );
  const listsMessage = createElement('p', { class: 'hint', 'aria-live': 'polite' }, [
    'Lists of the platform above; make them in the Lists tab.',
  ]);
  const reloadLists = button('Reload lists', { small: true });
  reloadLists.id = 'ai-search-lists-reload';
  let listsLoadedFor: Platform | null = null;
  const loadLists = async (): Promise<void> => {
    const on = currentPlatform();
    listsMessage.textContent = 'Loading the lists…';
    try {
      const options = await context.server.listAiSearchLists(on);
      if (on !== currentPlatform()) return;
      listsLoadedFor = on;
      setChoices(list.control, [
        { value: '', label: 'No list' },
        ...options.map((option) => ({ value: String(option.id), label: option.label })),
      ]);
      listsMessage.textContent =
        options.length === 0
          ? `No ${PLATFORM_NAMES[on]} lists yet: make one in the Lists tab.`
          : `${formatCount(options.length)} ${PLATFORM_NAMES[on]} ${options.length === 1 ? 'list' : 'lists'}. One list per search.`;
    } catch (error) {
      listsMessage.textContent = `Could not load the lists: ${errorMessage(error)}`;
    }
    changed();
  };
  reloadLists.addEventListener('click', () => void loadLists());
  const listsGroup = detailsGroup(
    'Lists',
    false,
    [list.wrapper, listMode.wrapper, listsMessage, reloadLists],
    'ai-search-lists-group',
  );
  listsGroup.addEventListener('toggle', () => {
    if (listsGroup.open && listsLoadedFor !== currentPlatform()) void loadLists();
  });

  // Size and tab.
  const pageSize = withId(
    textField({
      label: 'Creators per page',
      value: defaults.pageSize,
      inputMode: 'numeric',
      hint: `1 to ${AI_PAGE_SIZE_MAX}; each creator returned costs 0.025 credits.`,
    }),
    'ai-search-page-size',
  );
  const pages = withId(
    textField({
      label: 'Pages',
      value: defaults.pages,
      inputMode: 'numeric',
      hint: pagesLimitText(defaults.pageSize),
    }),
    'ai-search-pages',
  );
  const pagesHint = pages.wrapper.querySelector('.hint');
  const pacing = createElement('p', { class: 'hint', id: 'ai-search-pacing' });
  const title = withId(
    textField({ label: 'New tab name', hint: 'Made from the search until you change it.' }),
    'ai-search-title',
  );
  let titleEdited = false;

  const fields: Partial<Record<AiSearchField, { setError(message: string | null): void }>> = {
    query,
    sources,
    followersMin,
    followersMax,
    viewsMin,
    viewsMax,
    viewsMethod,
    engagementRateMin: engagementMin,
    postingFrequencyMin: postingMin,
    postingFrequencyMax: postingMax,
    growthInterval,
    growthMin,
    growthMax,
    gender,
    ageMin,
    ageMax,
    accountType,
    lastPostedDays: lastPosted,
    maxPostAgeMonths: postAge,
    contentType,
    username,
    bio,
    keywords,
    listMode,
    credibility,
    pageSize,
    pages,
    title,
    image: {
      setError(message) {
        imageError.textContent = message ?? '';
        imageError.hidden = message === null;
      },
    },
    hashtagsExclude: {
      setError(message) {
        hashtagError.textContent = message ?? '';
        hashtagError.hidden = message === null;
      },
    },
    mentionsExclude: {
      setError(message) {
        mentionError.textContent = message ?? '';
        mentionError.hidden = message === null;
      },
    },
  };
  const notes: Partial<Record<AiSearchField, HTMLParagraphElement>> = {
    query: queryNote,
    followersMax: followersNote,
    viewsMax: viewsNote,
    growthMax: growthNote,
    bio: bioNote,
    keywords: keywordsNote,
  };

  const readFilters = (): AiFilterValues => ({
    followersMin: followersMin.control.value,
    followersMax: followersMax.control.value,
    viewsMin: viewsMin.control.value,
    viewsMax: viewsMax.control.value,
    viewsMethod: viewsMethod.control.value,
    engagementRateMin: engagementMin.control.value,
    postingFrequencyMin: postingMin.control.value,
    postingFrequencyMax: postingMax.control.value,
    growthInterval: growthInterval.control.value,
    growthMin: growthMin.control.value,
    growthMax: growthMax.control.value,
    locations: locations.chosen(),
    language: language.chosen()[0] ?? null,
    gender: gender.control.value,
    ageMin: ageMin.control.value,
    ageMax: ageMax.control.value,
    accountType: accountType.control.value,
    lastPostedDays: lastPosted.control.value,
    maxPostAgeMonths: postAge.control.value,
    contentType: contentType.control.value,
    hasEmail: hasEmail.control.checked,
    username: username.control.value,
    brands: brands.chosen(),
    hashtagsInclude: hashtagsInclude.chosen(),
    hashtagsExclude: hashtagsExclude.chosen(),
    mentionsInclude: mentionsInclude.chosen(),
    mentionsExclude: mentionsExclude.chosen(),
    bio: bio.control.value,
    keywords: keywords.control.value,
    listId: list.control.value,
    listMode: listMode.control.value,
    credibility: credibility.control.value,
  });

  const readValues = (): AiSearchFormValues => ({
    mode: mode.value(),
    platform: currentPlatform(),
    query: query.control.value,
    sources: sources.control.value,
    image: currentImage()?.source ?? null,
    pageSize: pageSize.control.value,
    pages: pages.control.value,
    title: title.control.value,
    filters: readFilters(),
  });

  // Estimate, confirmation and run.
  const estimateRegion = createElement('div', {
    class: 'estimate',
    id: 'ai-search-estimate',
    'aria-live': 'polite',
  });
  const otherErrors = createElement('ul', { class: 'field-error', role: 'alert', hidden: '' });
  const run = button(RUN_VERB, { primary: true });
  run.id = 'ai-search-run';
  const blockerId = uniqueId('ai-search-blocker');
  const blocker = createElement('p', { class: 'hint', id: blockerId });
  run.setAttribute('aria-describedby', blockerId);
  const progress = createElement('p', {
    class: 'ai-search-progress',
    id: 'ai-search-progress',
    'aria-live': 'polite',
    hidden: '',
  });

  let request: AiSearchRequest | null = null;
  let estimate: AiSearchEstimate | null = null;
  let requestKey: string | null = null;
  let confirmedCost = false;
  let starting = false;

  const blockReason = (firstError: string | null): string | null => {
    if (starting) return 'Starting…';
    if (request === null) return firstError ?? 'Fill in the search above.';
    if (estimate !== null && estimate.needsConfirmation && !confirmedCost) {
      return `Tick "${confirmCostLabel(estimate.maxCredits)}" to run it.`;
    }
    return null;
  };

  const showEstimate = (next: AiSearchEstimate): void => {
    const parts: Node[] = [
      factList([
        { label: 'Pages', value: formatCount(next.pages) },
        { label: 'Creators, at most', value: formatCount(next.maxResults) },
        { label: 'Most it can cost', value: aiCreditsText(next.maxCredits) },
      ]),
      createElement('p', {}, [next.summary]),
      createElement('p', { class: 'cost' }, [maxCostText(next.maxCredits)]),
    ];
    if (next.needsConfirmation) {
      const confirm = withId(checkboxField(confirmCostLabel(next.maxCredits)), 'ai-search-confirm');
      confirm.control.checked = confirmedCost;
      confirm.control.addEventListener('change', () => {
        confirmedCost = confirm.control.checked;
        updateRun(null);
      });
      parts.push(confirm.wrapper);
    }
    estimateRegion.replaceChildren(...parts);
  };

  const updateRun = (firstError: string | null): void => {
    const reason = blockReason(firstError);
    run.disabled = reason !== null;
    run.textContent = starting
      ? 'Starting…'
      : startLabel(RUN_VERB, estimate === null ? null : estimate.maxCredits);
    blocker.textContent = reason ?? '';
  };

  const showMode = (): void => {
    const current = mode.value();
    textPanel.hidden = current !== 'text';
    imagePanel.hidden = current !== 'image';
    lookalikesPanel.hidden = current !== 'lookalikes';
    platform.wrapper
      .querySelector('label')
      ?.replaceChildren(current === 'lookalikes' ? 'Find lookalikes on' : 'Platform');
    uploadBox.hidden = imageSource.value() !== 'upload';
    cellBox.hidden = imageSource.value() !== 'cell';
    imageSummary.textContent = currentImage()?.summary ?? 'No image chosen yet.';
    const mentions = hasMentions(currentPlatform());
    mentionsBox.hidden = !mentions;
    mentionsNote.hidden = mentions;
  };

  // A fresh form is not wrong yet: field errors wait for the first edit (the line under Run says
  // what is missing meanwhile).
  let edited = false;
  const markEdited = (): void => {
    edited = true;
  };
  panel.addEventListener('input', markEdited, true);
  panel.addEventListener('change', markEdited, true);

  const changed = (): void => {
    showMode();
    const values = readValues();
    if (!titleEdited) title.control.value = suggestAiSearchTitle(values);
    if (pagesHint !== null) pagesHint.textContent = pagesLimitText(values.pageSize);
    const result = buildAiSearchRequest(values);

    for (const field of Object.values(fields)) field?.setError(null);
    const unplaced: string[] = [];
    if (!result.ok && edited) {
      for (const error of result.errors) {
        const field = fields[error.field];
        if (field === undefined) unplaced.push(error.message);
        else field.setError(error.message);
      }
    }
    otherErrors.replaceChildren(...unplaced.map((message) => createElement('li', {}, [message])));
    otherErrors.hidden = unplaced.length === 0;
    for (const note of Object.values(notes)) {
      if (note === undefined) continue;
      note.textContent = '';
      note.hidden = true;
    }
    for (const note of result.notes) {
      const line = notes[note.field];
      if (line === undefined) continue;
      line.textContent = note.message;
      line.hidden = false;
    }
    const phraseCount = (text: string) => text.split(/\r?\n/).filter((line) => line.trim() !== '').length;
    for (const [field, note] of [
      [bio, bioNote],
      [keywords, keywordsNote],
    ] as const) {
      if (note.hidden && phraseCount(field.control.value) > 0) {
        note.textContent = phraseCountText(phraseCount(field.control.value));
        note.hidden = false;
      }
    }

    const key = result.ok ? JSON.stringify(result.request) : null;
    // Consent was given for another search's cost: ask again.
    if (key !== requestKey) confirmedCost = false;
    requestKey = key;
    request = result.ok ? result.request : null;
    estimate = result.ok ? result.estimate : null;
    pacing.textContent = result.ok ? aiPacingText(result.estimate.pages) : '';
    if (result.ok) showEstimate(result.estimate);
    else estimateRegion.replaceChildren();
    updateRun(result.ok ? null : (result.errors[0]?.message ?? null));
  };

  // Images.
  fileInput.addEventListener('change', () => {
    const file = fileInput.files?.[0];
    uploadImage = null;
    if (file === undefined) {
      changed();
      return;
    }
    const problem = imageFileProblem(file);
    if (problem !== null) {
      fileInput.value = '';
      changed();
      fields.image?.setError(problem);
      return;
    }
    imageSummary.textContent = `Reading "${file.name}"…`;
    readImageFile(file).then(
      (source) => {
        uploadImage = { source, summary: `"${file.name}" (${fileSizeText(file.size)}) is ready.` };
        changed();
      },
      (error: unknown) => {
        changed();
        fields.image?.setError(errorMessage(error));
      },
    );
  });
  useCell.addEventListener('click', () => {
    void whileBusy(
      [useCell],
      async () => {
        try {
          const cell = await context.server.readAiImageCell();
          cellImage = { source: cell.source, summary: cell.summary };
          changed();
        } catch (error) {
          cellImage = null;
          changed();
          fields.image?.setError(errorMessage(error));
        }
      },
      { button: useCell, text: 'Reading the cell…' },
    );
  });
  imageSource.onChange(changed);

  useSelection.addEventListener('click', () => {
    void whileBusy(
      [useSelection],
      async () => {
        try {
          const info = await context.server.getSelectionInfo();
          if (info === null) throw new Error('Select the cells holding the source creators first.');
          const values = (info.headerDetected ? info.preview.slice(1) : info.preview).filter(
            (value) => value.trim() !== '',
          );
          sources.control.value = values.slice(0, LOOKALIKE_MAX_SOURCES).join('\n');
          changed();
        } catch (error) {
          context.fail('read the selection', error);
        }
      },
      { button: useSelection, text: 'Reading…' },
    );
  });

  // Every field re-runs the mapping.
  mode.onChange(changed);
  platform.control.addEventListener('change', () => {
    listsLoadedFor = null;
    setChoices(list.control, [{ value: '', label: 'No list' }], '');
    if (listsGroup.open) void loadLists();
    changed();
  });
  title.control.addEventListener('input', () => {
    titleEdited = title.control.value.trim() !== '';
    changed();
  });
  const typing: Field<HTMLElement>[] = [
    query,
    sources,
    followersMin,
    followersMax,
    viewsMin,
    viewsMax,
    engagementMin,
    postingMin,
    postingMax,
    growthMin,
    growthMax,
    lastPosted,
    credibility,
    username,
    keywords,
    bio,
    pageSize,
    pages,
  ];
  for (const field of typing) field.control.addEventListener('input', changed);
  // Pages past the depth are capped when the field is left, so the limit is met as a limit.
  const capPages = (): void => {
    const capped = cappedPages(pageSize.control.value, pages.control.value);
    if (capped === null) return;
    pages.control.value = capped;
    changed();
  };
  pages.control.addEventListener('change', capPages);
  pageSize.control.addEventListener('change', capPages);
  const picking: Field<HTMLElement>[] = [
    viewsMethod,
    growthInterval,
    gender,
    ageMin,
    ageMax,
    accountType,
    hasEmail,
    postAge,
    contentType,
    list,
    listMode,
  ];
  for (const field of picking) field.control.addEventListener('change', changed);

  // The page line of the searches started here, as the job goes.
  const plans = new Map<string, { pageSize: number; pages: number }>();
  const showProgress = (jobs: readonly { job: JobView }[]): void => {
    const mine = jobs.filter(({ job }) => plans.has(job.id));
    const latest = mine[mine.length - 1]?.job;
    if (latest === undefined) {
      progress.hidden = true;
      return;
    }
    const plan = plans.get(latest.id);
    if (plan === undefined) return;
    progress.hidden = false;
    progress.textContent = isJobActive(latest)
      ? `AI search running: ${aiPageProgressText(latest.done, plan.pageSize, plan.pages)}.`
      : `AI search ${latest.status}: ${latest.message}`;
  };
  context.jobs.subscribe(showProgress);

  run.addEventListener('click', () => {
    const current = request;
    if (current === null || blockReason(null) !== null) return;
    starting = true;
    updateRun(null);
    void whileBusy([run], async () => {
      try {
        const job = await context.server.startAiSearch(current, confirmedCost);
        plans.set(job.id, { pageSize: current.pageSize, pages: current.pages });
        context.jobs.track(job);
        context.status.success(
          `AI search started: ${current.pages === 1 ? 'one page' : `${formatCount(current.pages)} pages`} into the tab "${current.title}". ${aiPacingText(current.pages)}`,
        );
        // Running it again is a new paid action: ask again.
        confirmedCost = false;
      } catch (error) {
        context.fail('start the AI search', error);
      } finally {
        starting = false;
        changed();
      }
    });
  });

  const coverage = createElement('p', { class: 'hint' }, [
    `AI search covers creators above ${formatCount(AI_SEARCH_MIN_FOLLOWERS)} followers; their data is refreshed every 4 weeks.`,
  ]);
  panel.replaceChildren(
    createElement('h2', {}, ['AI search']),
    createElement('p', { class: 'intro' }, [
      'Finds creators by what their posts show: a description, an image, or creators like ones you know. The results go into a new tab.',
    ]),
    mode.fieldset,
    platform.wrapper,
    textPanel,
    imagePanel,
    lookalikesPanel,
    detailsGroup(
      'Size and activity',
      false,
      [
        fieldPair(followersMin, followersMax),
        followersNote,
        coverage,
        fieldPair(viewsMin, viewsMax),
        viewsNote,
        viewsMethod.wrapper,
        engagementMin.wrapper,
        fieldPair(postingMin, postingMax),
        growthInterval.wrapper,
        fieldPair(growthMin, growthMax),
        growthNote,
        lastPosted.wrapper,
        credibility.wrapper,
      ],
      'ai-search-size-group',
    ),
    detailsGroup(
      'Who',
      false,
      [
        locations.element,
        language.element,
        gender.wrapper,
        fieldPair(ageMin, ageMax),
        accountType.wrapper,
        hasEmail.wrapper,
        username.wrapper,
      ],
      'ai-search-who-group',
    ),
    detailsGroup(
      'Content',
      false,
      [
        postAge.wrapper,
        contentType.wrapper,
        keywords.wrapper,
        bio.wrapper,
        brands.element,
        hashtagsInclude.element,
        hashtagsExclude.element,
        hashtagError,
        mentionsBox,
        mentionsNote,
      ],
      'ai-search-content-group',
    ),
    listsGroup,
    detailsGroup(
      'Pages and tab',
      true,
      [fieldPair(pageSize, pages), pacing, title.wrapper],
      'ai-search-pages-group',
    ),
    otherErrors,
    estimateRegion,
    createElement('div', { class: 'actions' }, [run]),
    blocker,
    progress,
  );
  changed();
  return {};
}

export const aiSearchSection: SectionDefinition = { title: 'AI search', render: renderAiSearchSection };
