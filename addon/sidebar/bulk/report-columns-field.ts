import { selectReportColumns } from '../../../shared/rows/report-rows';
import { createElement } from '../ui/create-element';
import { checkboxField, textField, withId } from '../ui/form-fields';
import type { Parsed } from '../ui/number-input';
import { reportFields, reportGroupChoices } from './report-fields';

export interface ReportColumnsField {
  element: HTMLElement;
  /**
   * The columns as `fields` takes them: [] for the default set, group names and column ids
   * otherwise; or what is wrong (nothing ticked, a column that does not exist, with a guess).
   */
  read(): Parsed<string[]>;
  onChange(listener: () => void): void;
  /** Back to the default set, nothing typed. */
  reset(): void;
  /** Shows a saved list (a schedule being edited): its groups ticked, other ids on the line. */
  set(columns: readonly string[]): void;
}

export interface ReportColumnsOptions {
  /** Prefix of the ids: `<prefix>-group-<name>`, `<prefix>-more`. */
  idPrefix: string;
  /** A line for column ids beyond the groups (schedules), checked as they are typed. */
  more?: boolean;
}

/**
 * The report columns to fetch, picked rather than typed (issue 25): the groups of columns as boxes
 * to tick (the Reports section's and a schedule's), and for a schedule a line of further column
 * ids, checked against the known ones at once, so an unknown column is said with its closest name
 * before anything is set up, never by a run that then fails.
 */
export function createReportColumnsField(options: ReportColumnsOptions): ReportColumnsField {
  const groups = reportGroupChoices().map((group) => {
    const box = checkboxField(group.label, group.name === 'default', group.columns.join(', '));
    withId(box, `${options.idPrefix}-group-${group.name}`);
    return { name: group.name, box };
  });
  const more = withId(
    textField({
      label: 'More columns (optional)',
      placeholder: 'followers_growth_1m',
      hint: 'Column names as in the report, separated by commas.',
    }),
    `${options.idPrefix}-more`,
  );
  const error = createElement('p', { class: 'field-error', role: 'alert', hidden: '' });
  const element = createElement('fieldset', { class: 'groups' }, [
    createElement('legend', {}, ['Columns']),
    ...groups.map((group) => group.box.wrapper),
    ...(options.more === true ? [more.wrapper] : []),
    error,
  ]);

  const typed = (): string[] =>
    options.more === true
      ? more.control.value
          .split(',')
          .map((name) => name.trim())
          .filter((name) => name !== '')
      : [];

  const read = (): Parsed<string[]> => {
    const ticked = reportFields(
      groups.filter((group) => group.box.control.checked).map((group) => group.name),
    );
    const extra = typed();
    if (extra.length > 0) {
      const checked = selectReportColumns(extra);
      if (!checked.ok) return { ok: false, message: checked.error };
    }
    if (ticked === null && extra.length === 0)
      return { ok: false, message: 'Tick at least one group of columns.' };
    // The default set is [] on its own; beside other columns it is named, or it would be lost.
    const base = ticked === null ? [] : ticked.length === 0 && extra.length > 0 ? ['default'] : ticked;
    return { ok: true, value: [...base, ...extra] };
  };

  const listeners: (() => void)[] = [];
  const changed = (): void => {
    const result = read();
    error.textContent = result.ok ? '' : result.message;
    error.hidden = result.ok;
    for (const listener of listeners) listener();
  };
  for (const group of groups) group.box.control.addEventListener('change', changed);
  more.control.addEventListener('input', changed);

  const reset = (): void => {
    for (const group of groups) group.box.control.checked = group.name === 'default';
    more.control.value = '';
    error.textContent = '';
    error.hidden = true;
  };
  return {
    element,
    read,
    onChange: (listener) => listeners.push(listener),
    reset,
    set(columns) {
      reset();
      if (columns.length === 0) return;
      const names = new Set(groups.map((group) => group.name));
      for (const group of groups) group.box.control.checked = columns.includes(group.name);
      more.control.value = columns.filter((name) => !names.has(name)).join(', ');
    },
  };
}
