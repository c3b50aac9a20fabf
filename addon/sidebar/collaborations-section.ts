import { createElement } from './create-element';
import type { SectionDefinition } from './sidebar-context';

/** Collabs. Placeholder until the section is built. */
export const collaborationsSection: SectionDefinition = {
  title: 'Collabs',
  render(panel) {
    panel.replaceChildren(createElement('p', {}, ['Coming soon.']));
    return {};
  },
};
