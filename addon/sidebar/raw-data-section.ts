import { createElement } from './create-element';
import type { SectionDefinition } from './sidebar-context';

/** Raw data. Placeholder until the section is built. */
export const rawDataSection: SectionDefinition = {
  title: 'Raw data',
  render(panel) {
    panel.replaceChildren(createElement('p', {}, ['Coming soon.']));
    return {};
  },
};
