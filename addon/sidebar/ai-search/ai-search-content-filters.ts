import { AI_MAX_PHRASES } from '../../../shared/limits';
import type { Platform } from '../../../shared/platforms';
import {
  AI_CONTENT_TYPE_CHOICES,
  AI_POST_AGE_CHOICES,
  type AiFilterValues,
  hasMentions,
  phraseCountText,
} from './ai-filters-form';
import { type AiPartContext, type AiSearchPart, errorLine, noteLine, watchFields } from './ai-search-part';
import { aiCombo, aiFilterSearch } from './ai-search-typeahead';
import { createElement } from '../ui/create-element';
import { detailsGroup, selectField, textAreaField, withId } from '../ui/form-fields';
import { writeChoice, writeText } from '../ui/form-write';

export type AiContentFilters = Pick<
  AiFilterValues,
  | 'maxPostAgeMonths'
  | 'contentType'
  | 'keywords'
  | 'bio'
  | 'brands'
  | 'hashtagsInclude'
  | 'hashtagsExclude'
  | 'mentionsInclude'
  | 'mentionsExclude'
>;

export interface AiContentPanel extends AiSearchPart<AiContentFilters> {
  /** Mentions exist on some platforms only. */
  show(platform: Platform): void;
  /** Counts the phrases typed where the mapping had nothing to say about them. */
  showPhraseCounts(): void;
}

function phrasesField(id: string, label: string, hint: string) {
  const field = withId(
    textAreaField({ label: `${label} (up to ${AI_MAX_PHRASES}, one a line)`, hint, spellcheck: true }),
    `ai-search-${id}`,
  );
  return { field, note: noteLine(`ai-search-${id}-note`, field) };
}

function contentChoices() {
  return {
    postAge: withId(
      selectField('Posts searched', [{ value: '', label: 'All recent posts' }, ...AI_POST_AGE_CHOICES]),
      'ai-search-post-age',
    ),
    contentType: withId(
      selectField('Content', [{ value: '', label: 'Videos and images' }, ...AI_CONTENT_TYPE_CHOICES]),
      'ai-search-content-type',
    ),
  };
}

/** Hashtags and accounts mentioned, used and never used, each offering what was typed. */
function tagFilters(part: AiPartContext) {
  const tag = (id: string, label: string, kind: 'hashtags' | 'mentions', placeholder: string) =>
    aiCombo(part, {
      id: `ai-search-${id}`,
      label,
      multiple: true,
      search: aiFilterSearch(part, kind, kind === 'hashtags' ? '#' : '@'),
      placeholder,
    });
  const combos = {
    hashtagsInclude: tag('hashtags-include', 'Hashtags used', 'hashtags', '#vegan'),
    hashtagsExclude: tag('hashtags-exclude', 'Hashtags never used', 'hashtags', '#ad'),
    mentionsInclude: tag('mentions-include', 'Accounts mentioned', 'mentions', '@brand'),
    mentionsExclude: tag('mentions-exclude', 'Accounts never mentioned', 'mentions', '@competitor'),
  };
  const hashtagError = errorLine();
  const mentionError = errorLine();
  const mentionsNote = createElement('p', { class: 'hint', hidden: '' }, [
    'YouTube has no mentions to filter by.',
  ]);
  const mentionsBox = createElement('div', {}, [
    combos.mentionsInclude.element,
    combos.mentionsExclude.element,
    mentionError.element,
  ]);
  return {
    combos,
    elements: [
      combos.hashtagsInclude.element,
      combos.hashtagsExclude.element,
      hashtagError.element,
      mentionsBox,
      mentionsNote,
    ],
    errors: { hashtagsExclude: hashtagError.target, mentionsExclude: mentionError.target },
    /** Mentions exist on some platforms only. */
    show(platform: Platform): void {
      const mentions = hasMentions(platform);
      mentionsBox.hidden = !mentions;
      mentionsNote.hidden = mentions;
    },
  };
}

const phraseCount = (text: string): number => text.split(/\r?\n/).filter((line) => line.trim() !== '').length;

/** The "Content" filters: which posts, phrases in captions and bio, brands, hashtags, mentions. */
export function createAiContentFilters(part: AiPartContext): AiContentPanel {
  const c = contentChoices();
  const keywords = phrasesField(
    'keywords',
    'Phrases in captions',
    'Also titles and descriptions. A creator matches with any one phrase.',
  );
  const bio = phrasesField('bio', 'Phrases in the bio', 'A creator matches with any one phrase.');
  const brands = aiCombo(part, {
    id: 'ai-search-brands',
    label: 'Brands worked with',
    multiple: true,
    search: aiFilterSearch(part, 'brands'),
    placeholder: 'Type a brand',
    hint: 'From the AI brands list.',
  });
  const tags = tagFilters(part);
  watchFields(part.changed, [keywords.field, bio.field], [c.postAge, c.contentType]);
  const group = detailsGroup(
    'Content',
    false,
    [
      c.postAge.wrapper,
      c.contentType.wrapper,
      keywords.field.wrapper,
      bio.field.wrapper,
      brands.element,
      ...tags.elements,
    ],
    'ai-search-content-group',
  );
  return {
    elements: [group],
    read: () => ({
      maxPostAgeMonths: c.postAge.control.value,
      contentType: c.contentType.control.value,
      keywords: keywords.field.control.value,
      bio: bio.field.control.value,
      brands: brands.chosen(),
      hashtagsInclude: tags.combos.hashtagsInclude.chosen(),
      hashtagsExclude: tags.combos.hashtagsExclude.chosen(),
      mentionsInclude: tags.combos.mentionsInclude.chosen(),
      mentionsExclude: tags.combos.mentionsExclude.chosen(),
    }),
    write(values) {
      writeChoice(c.postAge, values.maxPostAgeMonths);
      writeChoice(c.contentType, values.contentType);
      writeText(keywords.field, values.keywords);
      writeText(bio.field, values.bio);
      brands.choose(values.brands);
      tags.combos.hashtagsInclude.choose(values.hashtagsInclude);
      tags.combos.hashtagsExclude.choose(values.hashtagsExclude);
      tags.combos.mentionsInclude.choose(values.mentionsInclude);
      tags.combos.mentionsExclude.choose(values.mentionsExclude);
    },
    errors: {
      maxPostAgeMonths: c.postAge,
      contentType: c.contentType,
      bio: bio.field,
      keywords: keywords.field,
      ...tags.errors,
    },
    notes: { bio: bio.note, keywords: keywords.note },
    show: tags.show,
    showPhraseCounts() {
      for (const { field, note } of [bio, keywords]) {
        const count = phraseCount(field.control.value);
        if (note.hidden && count > 0) {
          note.textContent = phraseCountText(count);
          note.hidden = false;
        }
      }
    },
  };
}
