import { REPORT_COLUMNS, REPORT_GROUPS } from '../../../shared/rows/report-rows';

/** The groups of report columns a user ticks (shared/rows/report-rows.ts), in the list's order. */
export interface ReportGroupChoice {
  name: string;
  label: string;
  /** The column headers the group adds, for the hint under its box. */
  columns: string[];
}

const LABEL_BY_ID = new Map(REPORT_COLUMNS.map((column) => [column.id, column.label]));

/** `audience_geo` -> "Audience geo". */
export function groupLabel(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every group but `all`, which is the sum of the others and would only duplicate them. */
export function reportGroupChoices(): ReportGroupChoice[] {
  return Object.keys(REPORT_GROUPS)
    .filter((name) => name !== 'all')
    .map((name) => ({
      name,
      label: name === 'default' ? 'Default columns' : groupLabel(name),
      columns: REPORT_GROUPS[name].map((id) => LABEL_BY_ID.get(id) ?? id),
    }));
}

/**
 * The `fields` of ReportsOptions for the ticked groups: [] (the server's default set) when only
 * the default group is ticked, the group names otherwise, or null when nothing is ticked.
 */
export function reportFields(ticked: readonly string[]): string[] | null {
  const names = Object.keys(REPORT_GROUPS).filter((name) => ticked.includes(name));
  if (names.length === 0) return null;
  if (names.length === 1 && names[0] === 'default') return [];
  return names;
}
