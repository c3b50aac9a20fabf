import { createElement } from './create-element';
import type { SectionDefinition } from './sidebar-context';

/** Lists. Placeholder until the section is built. */
export const listsSection: SectionDefinition = {
  title: 'Lists',
  render(panel) {
    panel.replaceChildren(createElement('p', {}, ['Coming soon.']));
    return {};
  },
};
