import { createElement } from './create-element';
import type { SectionDefinition } from './sidebar-context';

/** Overlap. Placeholder until the section is built. */
export const overlapSection: SectionDefinition = {
  title: 'Overlap',
  render(panel) {
    panel.replaceChildren(createElement('p', {}, ['Coming soon.']));
    return {};
  },
};
