import { LOOKALIKE_MAX_SOURCES } from '../../../shared/limits';
import { PLATFORMS, type Platform } from '../../../shared/platforms';
import { AI_MODE_CHOICES, type AiSearchFormValues } from './ai-search-form';
import { createAiImagePanel } from './ai-search-image-panel';
import { type AiPartContext, type AiSearchPart, noteLine } from './ai-search-part';
import { whileBusy } from '../ui/busy';
import { createElement } from '../ui/create-element';
import {
  button,
  type Field,
  radioGroup,
  selectField,
  textAreaField,
  withId,
  withRadioIds,
} from '../ui/form-fields';
import { writeChoice, writeText } from '../ui/form-write';
import { PLATFORM_NAMES } from '../search/search-options';

/** What the search is about: the part of the values this panel reads. */
export type AiSearchInput = Pick<AiSearchFormValues, 'mode' | 'platform' | 'query' | 'sources' | 'image'>;

export interface AiInputPanel extends AiSearchPart<AiSearchInput> {
  platform: Field<HTMLSelectElement>;
  currentPlatform(): Platform;
  /** Shows the chosen mode's panel and names the platform for it. */
  show(): void;
}

function queryPanel(): { query: Field<HTMLTextAreaElement>; note: HTMLParagraphElement; panel: HTMLElement } {
  const query = withId(
    textAreaField({
      label: 'What the posts show',
      hint: 'Positive words only, e.g. "home workouts with kettlebells". To leave creators out, use the exclude filters.',
      placeholder: 'vegan breakfast bowls',
      spellcheck: true,
    }),
    'ai-search-query',
  );
  const note = noteLine('ai-search-query-note', query);
  const panel = createElement('div', { class: 'subform', id: 'ai-search-text-panel' }, [query.wrapper]);
  return { query, note, panel };
}

/** Source creators of a lookalike search, typed or read from the selected cells. */
function lookalikesPanel(part: AiPartContext): { sources: Field<HTMLTextAreaElement>; panel: HTMLElement } {
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
  useSelection.addEventListener('click', () => {
    void whileBusy(
      [useSelection],
      async () => {
        try {
          const info = await part.context.server.getSelectionInfo();
          if (info === null) throw new Error('Select the cells holding the source creators first.');
          const values = (info.headerDetected ? info.preview.slice(1) : info.preview).filter(
            (value) => value.trim() !== '',
          );
          sources.control.value = values.slice(0, LOOKALIKE_MAX_SOURCES).join('\n');
          part.changed();
        } catch (error) {
          part.context.fail('read the selection', error);
        }
      },
      { button: useSelection, text: 'Reading…' },
    );
  });
  const panel = createElement('div', { class: 'subform', id: 'ai-search-lookalikes-panel' }, [
    sources.wrapper,
    useSelection,
  ]);
  return { sources, panel };
}

/** How to search (a description, an image or source creators), on which platform. */
export function createAiInputPanel(part: AiPartContext, defaults: AiSearchFormValues): AiInputPanel {
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
  const text = queryPanel();
  const image = createAiImagePanel(part);
  const imagePanel = createElement('div', { class: 'subform', id: 'ai-search-image-panel' }, [
    ...image.elements,
  ]);
  const lookalikes = lookalikesPanel(part);
  mode.onChange(part.changed);
  for (const field of [text.query, lookalikes.sources]) field.control.addEventListener('input', part.changed);

  return {
    elements: [mode.fieldset, platform.wrapper, text.panel, imagePanel, lookalikes.panel],
    platform,
    currentPlatform,
    read: () => ({
      mode: mode.value(),
      platform: currentPlatform(),
      query: text.query.control.value,
      sources: lookalikes.sources.control.value,
      image: image.read(),
    }),
    write(values) {
      mode.set(values.mode);
      writeChoice(platform, values.platform);
      writeText(text.query, values.query);
      writeText(lookalikes.sources, values.sources);
      image.write(values.image);
    },
    errors: { query: text.query, sources: lookalikes.sources, ...image.errors },
    notes: { query: text.note },
    show() {
      const current = mode.value();
      text.panel.hidden = current !== 'text';
      imagePanel.hidden = current !== 'image';
      lookalikes.panel.hidden = current !== 'lookalikes';
      platform.wrapper
        .querySelector('label')
        ?.replaceChildren(current === 'lookalikes' ? 'Find lookalikes on' : 'Platform');
      image.show();
    },
  };
}
