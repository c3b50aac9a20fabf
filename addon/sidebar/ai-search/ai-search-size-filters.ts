import { AI_SEARCH_MIN_FOLLOWERS } from '../../../shared/limits';
import {
  AI_GROWTH_INTERVAL_CHOICES,
  AI_VIEWS_METHOD_CHOICES,
  type AiFilterValues,
  DEFAULT_GROWTH_INTERVAL,
} from './ai-filters-form';
import { type AiSearchPart, noteLine, watchFields } from './ai-search-part';
import { formatCount } from '../ui/count-text';
import { createElement } from '../ui/create-element';
import {
  detailsGroup,
  fieldPair,
  selectField,
  textField,
  type TextFieldOptions,
  withId,
} from '../ui/form-fields';
import { writeChoice, writeText } from '../ui/form-write';

export type AiSizeFilters = Pick<
  AiFilterValues,
  | 'followersMin'
  | 'followersMax'
  | 'viewsMin'
  | 'viewsMax'
  | 'viewsMethod'
  | 'engagementRateMin'
  | 'postingFrequencyMin'
  | 'postingFrequencyMax'
  | 'growthInterval'
  | 'growthMin'
  | 'growthMax'
  | 'lastPostedDays'
  | 'credibility'
>;

const field = (id: string, options: TextFieldOptions) => withId(textField(options), `ai-search-${id}`);

function sizeFields() {
  return {
    followersMin: field('followers-min', {
      label: 'Followers, min',
      inputMode: 'numeric',
      placeholder: '10k',
    }),
    followersMax: field('followers-max', {
      label: 'Followers, max',
      inputMode: 'numeric',
      placeholder: '250k',
    }),
    viewsMin: field('views-min', { label: 'Views per post, min', inputMode: 'numeric', placeholder: '5k' }),
    viewsMax: field('views-max', { label: 'Views per post, max', inputMode: 'numeric' }),
    engagementMin: field('engagement-min', {
      label: 'Engagement rate, min (%)',
      inputMode: 'decimal',
      placeholder: '2.5',
    }),
    postingMin: field('posting-min', { label: 'Posts a month, min', inputMode: 'decimal' }),
    postingMax: field('posting-max', { label: 'Posts a month, max', inputMode: 'decimal' }),
    growthMin: field('growth-min', { label: 'Growth, min (%)', inputMode: 'decimal', placeholder: '5' }),
    growthMax: field('growth-max', { label: 'Growth, max (%)', inputMode: 'decimal' }),
    lastPosted: field('last-posted', {
      label: 'Posted in the last (days)',
      inputMode: 'numeric',
      placeholder: '30',
    }),
    credibility: field('credibility', {
      label: 'Real followers, min (%)',
      inputMode: 'decimal',
      placeholder: '75',
      hint: '75% means at most a quarter of fake followers.',
    }),
  };
}

function sizeChoices() {
  return {
    viewsMethod: withId(
      selectField('Views counted as', [{ value: '', label: 'API default' }, ...AI_VIEWS_METHOD_CHOICES]),
      'ai-search-views-method',
    ),
    growthInterval: withId(
      selectField(
        'Follower growth over',
        AI_GROWTH_INTERVAL_CHOICES,
        DEFAULT_GROWTH_INTERVAL,
        'In percent below; a negative number for a shrinking audience.',
      ),
      'ai-search-growth-interval',
    ),
  };
}

/** The "Size and activity" filters: followers, views, engagement, posting, growth, credibility. */
export function createAiSizeFilters(changed: () => void): AiSearchPart<AiSizeFilters> {
  /** The typed fields, by name. */
  const f = sizeFields();
  const { viewsMethod, growthInterval } = sizeChoices();
  const followersNote = noteLine('ai-search-followers-note');
  const viewsNote = noteLine('ai-search-views-note');
  const growthNote = noteLine('ai-search-growth-note');
  const coverage = createElement('p', { class: 'hint' }, [
    `AI search covers creators above ${formatCount(AI_SEARCH_MIN_FOLLOWERS)} followers; their data is refreshed every 4 weeks.`,
  ]);
  watchFields(changed, Object.values(f), [viewsMethod, growthInterval]);
  const group = detailsGroup(
    'Size and activity',
    false,
    [
      fieldPair(f.followersMin, f.followersMax),
      followersNote,
      coverage,
      fieldPair(f.viewsMin, f.viewsMax),
      viewsNote,
      viewsMethod.wrapper,
      f.engagementMin.wrapper,
      fieldPair(f.postingMin, f.postingMax),
      growthInterval.wrapper,
      fieldPair(f.growthMin, f.growthMax),
      growthNote,
      f.lastPosted.wrapper,
      f.credibility.wrapper,
    ],
    'ai-search-size-group',
  );
  return {
    elements: [group],
    read: () => ({
      followersMin: f.followersMin.control.value,
      followersMax: f.followersMax.control.value,
      viewsMin: f.viewsMin.control.value,
      viewsMax: f.viewsMax.control.value,
      viewsMethod: viewsMethod.control.value,
      engagementRateMin: f.engagementMin.control.value,
      postingFrequencyMin: f.postingMin.control.value,
      postingFrequencyMax: f.postingMax.control.value,
      growthInterval: growthInterval.control.value,
      growthMin: f.growthMin.control.value,
      growthMax: f.growthMax.control.value,
      lastPostedDays: f.lastPosted.control.value,
      credibility: f.credibility.control.value,
    }),
    write(values) {
      writeText(f.followersMin, values.followersMin);
      writeText(f.followersMax, values.followersMax);
      writeText(f.viewsMin, values.viewsMin);
      writeText(f.viewsMax, values.viewsMax);
      writeChoice(viewsMethod, values.viewsMethod);
      writeText(f.engagementMin, values.engagementRateMin);
      writeText(f.postingMin, values.postingFrequencyMin);
      writeText(f.postingMax, values.postingFrequencyMax);
      writeChoice(growthInterval, values.growthInterval);
      writeText(f.growthMin, values.growthMin);
      writeText(f.growthMax, values.growthMax);
      writeText(f.lastPosted, values.lastPostedDays);
      writeText(f.credibility, values.credibility);
    },
    errors: {
      followersMin: f.followersMin,
      followersMax: f.followersMax,
      viewsMin: f.viewsMin,
      viewsMax: f.viewsMax,
      viewsMethod,
      engagementRateMin: f.engagementMin,
      postingFrequencyMin: f.postingMin,
      postingFrequencyMax: f.postingMax,
      growthInterval,
      growthMin: f.growthMin,
      growthMax: f.growthMax,
      lastPostedDays: f.lastPosted,
      credibility: f.credibility,
    },
    notes: { followersMax: followersNote, viewsMax: viewsNote, growthMax: growthNote },
  };
}
