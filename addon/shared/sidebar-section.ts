/**
 * The sidebar's sections, known to both sides: the server opens the sidebar at one of them (menu
 * items), the page renders them. Only sections that work are listed.
 */
export const SIDEBAR_SECTIONS = ['settings'] as const;
export type SidebarSection = (typeof SIDEBAR_SECTIONS)[number];

export function isSidebarSection(value: unknown): value is SidebarSection {
  return typeof value === 'string' && (SIDEBAR_SECTIONS as readonly string[]).includes(value);
}
