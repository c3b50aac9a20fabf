import type { Platform } from '../../../shared/platforms';
import type { DictionaryBrowse, DictionaryPreview } from '../../bridge-contract/dictionaries-api';
import {
  DICTIONARIES,
  dictionaryCostText,
  dictionaryPlatform,
} from '../../bridge-contract/dictionaries-catalogue';
import { whileBusy } from '../ui/busy';
import { createElement } from '../ui/create-element';
import { debounce } from '../server-calls/debounce';
import {
  browseKey,
  dictionaryChoices,
  dictionaryLimitText,
  dictionaryWriteRequest,
  platformChoicesFor,
  platformNote,
  readDictionaryBrowse,
} from './dictionaries-form';
import { errorMessage } from '../server-calls/error-text';
import { button, selectField, setChoices, textField, withId } from '../ui/form-fields';
import { latestOnly, STALE } from '../server-calls/latest-only';
import { createTabModeField } from '../ui/tab-mode-field';
import type { SectionDefinition, SectionView, SidebarContext } from '../sidebar-context';

/** The preview follows the search once typing pauses. */
export const PREVIEW_DEBOUNCE_MS = 300;

/** Gives a field's control its stable id (browser tests find it by it), its label following. */
function previewTable(preview: DictionaryPreview): HTMLTableElement {
  return createElement('table', { class: 'numbers dictionaries-table' }, [
    createElement('caption', { class: 'visually-hidden' }, ['First matches']),
    createElement('thead', {}, [
      createElement(
        'tr',
        {},
        preview.header.map((label) => createElement('th', { scope: 'col' }, [label])),
      ),
    ]),
    createElement(
      'tbody',
      {},
      preview.rows.map((row) =>
        createElement(
          'tr',
          {},
          row.map((cell) => createElement('td', {}, [cell])),
        ),
      ),
    ),
  ]);
}

/**
 * Dictionaries: pick one (and its platform), type to preview the first matches, and write every
 * match into a new tab or a named one replaced or added to (issue 15), ids first, to build filters by hand. Free.
 */
function renderDictionariesSection(panel: HTMLElement, context: SidebarContext): SectionView {
  const dictionary = selectField('Dictionary', dictionaryChoices(), 'locations');
  withId(dictionary, 'dictionaries-kind');
  const use = createElement('p', { class: 'hint', id: 'dictionaries-use' });
  dictionary.control.setAttribute('aria-describedby', use.id);

  const platform = selectField('Platform', [], 'instagram');
  withId(platform, 'dictionaries-platform');
  const platformHint = createElement('p', { class: 'hint', id: 'dictionaries-platform-note' });
  platform.control.setAttribute('aria-describedby', platformHint.id);
  platform.wrapper.append(platformHint);

  const query = textField({ label: 'Search', placeholder: 'Type to search, or leave blank to browse' });
  withId(query, 'dictionaries-query');
  const searchHint = createElement('p', { class: 'hint', id: 'dictionaries-query-hint' });
  query.control.setAttribute('aria-describedby', searchHint.id);
  query.control.setAttribute('aria-controls', 'dictionaries-preview');
  query.wrapper.append(searchHint);

  const cost = createElement('p', { class: 'cost' });
  const limit = createElement('p', { class: 'hint', id: 'dictionaries-limit' });
  const preview = createElement('div', {
    id: 'dictionaries-preview',
    class: 'dictionaries-preview',
    'aria-live': 'polite',
  });
  const tabName = textField({
    label: 'New tab name',
    hint: 'Left blank, the tab is named after the dictionary and the search.',
  });
  withId(tabName, 'dictionaries-tab-name');
  const tabMode = createTabModeField(tabName, 'dictionaries');
  const loadTabs = (): void => {
    context.server.listTabNames().then(tabMode.setTabs, () => undefined);
  };
  const write = button('Write all', { primary: true });
  write.id = 'dictionaries-write';
  write.setAttribute('aria-describedby', limit.id);

  const current = (): DictionaryBrowse =>
    readDictionaryBrowse({
      dictionary: dictionary.control.value,
      platform: platform.control.value,
      query: query.control.value,
    });

  /** The platform last picked, kept while a dictionary without that platform is shown. */
  let chosenPlatform: Platform = 'instagram';

  /** Platform choices, hints, limit and cost for the chosen dictionary. */
  const describe = (): void => {
    const name = current().dictionary;
    const entry = DICTIONARIES[name];
    setChoices(platform.control, platformChoicesFor(name), dictionaryPlatform(name, chosenPlatform) ?? '');
    platform.wrapper.hidden = entry.platforms.length === 0;
    platformHint.textContent = platformNote(name) ?? '';
    platformHint.hidden = platformHint.textContent === '';
    use.textContent = entry.use;
    searchHint.textContent = entry.searchHint;
    cost.textContent = dictionaryCostText(name);
    limit.textContent = dictionaryLimitText(name);
  };

  let shownKey: string | null = null;
  const fetchPreview = latestOnly((browse: DictionaryBrowse) => context.server.previewDictionary(browse));
  const showPreview = (browse: DictionaryBrowse): void => {
    const key = browseKey(browse);
    preview.setAttribute('aria-busy', 'true');
    fetchPreview(browse).then(
      (answer) => {
        if (answer === STALE) return;
        preview.removeAttribute('aria-busy');
        shownKey = key;
        preview.replaceChildren(
          createElement('p', { class: 'hint' }, [answer.summary]),
          ...(answer.rows.length === 0 ? [] : [previewTable(answer)]),
        );
      },
      (error: unknown) => {
        preview.removeAttribute('aria-busy');
        shownKey = null;
        preview.replaceChildren(
          createElement('p', { class: 'field-error' }, [`Could not look it up: ${errorMessage(error)}`]),
        );
      },
    );
  };
  const previewLater = debounce(showPreview, PREVIEW_DEBOUNCE_MS);

  const changed = (wait: boolean): void => {
    const browse = current();
    if (browseKey(browse) === shownKey) return;
    if (wait) previewLater(browse);
    else {
      previewLater.cancel();
      showPreview(browse);
    }
  };

  dictionary.control.addEventListener('change', () => {
    describe();
    changed(false);
  });
  platform.control.addEventListener('change', () => {
    chosenPlatform = current().platform;
    changed(false);
  });
  query.control.addEventListener('input', () => changed(true));
  query.control.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      previewLater.flush();
    }
  });

  write.addEventListener('click', () => {
    const browse = current();
    void whileBusy(
      [write],
      async () => {
        try {
          const written = await context.server.writeDictionary(
            dictionaryWriteRequest(browse, tabName.control.value, tabMode.mode()),
          );
          context.status.success(written.message);
          loadTabs();
        } catch (error) {
          context.fail(`write the ${DICTIONARIES[browse.dictionary].noun}`, error);
        }
      },
      { button: write, text: 'Writing…' },
    );
  });

  panel.replaceChildren(
    createElement('h2', {}, ['Dictionaries']),
    createElement('p', { class: 'intro' }, [
      'The ids and names the filters take, to look up or to write into a tab and build filters by hand.',
    ]),
    dictionary.wrapper,
    use,
    platform.wrapper,
    query.wrapper,
    cost,
    preview,
    tabName.wrapper,
    ...tabMode.elements,
    createElement('div', { class: 'actions' }, [write]),
    limit,
  );
  describe();
  changed(false);
  loadTabs();
  // A preview that failed (not connected yet, say) is tried again when the section comes back.
  return {
    onShow() {
      loadTabs();
      if (shownKey === null) changed(false);
    },
  };
}

export const dictionariesSection: SectionDefinition = {
  title: 'Dictionaries',
  render: renderDictionariesSection,
};
