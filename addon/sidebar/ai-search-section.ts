import { createElement } from './create-element';
import type { SectionDefinition } from './sidebar-context';

/** AI search. Placeholder until the section is built. */
export const aiSearchSection: SectionDefinition = {
  title: 'AI search',
  render(panel) {
    panel.replaceChildren(createElement('p', {}, ['Coming soon.']));
    return {};
  },
};
