import { createElement } from './create-element';
import type { SectionDefinition } from './sidebar-context';

/** Health. Placeholder until the section is built. */
export const healthSection: SectionDefinition = {
  title: 'Health',
  render(panel) {
    panel.replaceChildren(createElement('p', {}, ['Coming soon.']));
    return {};
  },
};
