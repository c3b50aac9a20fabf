/**
 * The sidebar's sections, known to both sides: the server opens the sidebar at one of them (menu
 * items), the page renders them, in this order, as its tabs.
 */
export const SIDEBAR_SECTIONS = [
  'settings',
  'enrich',
  'reports',
  'search',
  'ai',
  'lists',
  'overlap',
  'collaborations',
  'raw',
  'dictionaries',
  'schedules',
  'account',
  'health',
] as const;
export type SidebarSection = (typeof SIDEBAR_SECTIONS)[number];

export function isSidebarSection(value: unknown): value is SidebarSection {
  return typeof value === 'string' && (SIDEBAR_SECTIONS as readonly string[]).includes(value);
}
