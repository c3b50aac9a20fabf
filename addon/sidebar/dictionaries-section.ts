import { createElement } from './create-element';
import type { SectionDefinition } from './sidebar-context';

/** Dictionaries. Placeholder until the section is built. */
export const dictionariesSection: SectionDefinition = {
  title: 'Dictionaries',
  render(panel) {
    panel.replaceChildren(createElement('p', {}, ['Coming soon.']));
    return {};
  },
};
