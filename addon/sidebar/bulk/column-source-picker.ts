import type { ColumnSource, ResultTarget, SelectionInfo } from '../../bridge-contract/sidebar-api';
import { readColumnSource, readResultTarget } from './column-source-fields';
import { countOf } from '../ui/count-text';
import { createElement } from '../ui/create-element';
import { button, radioGroup, textField, withId } from '../ui/form-fields';
import type { Parsed } from '../ui/number-input';
import { createTabModeField, type TabModeField } from '../ui/tab-mode-field';
import type { InputSection } from '../../bridge-contract/section-input-api';

/**
 * Where a bulk action reads (cells it keeps, taken from a selection, or a column of a tab) and
 * where it writes (beside the input, or another tab: a new one each run, or one the user names,
 * replaced or added to below its table, issue 15). The cells are the section's own for this
 * document (issue 25: the input remembered): kept in document properties, read whatever tab is
 * active, named wherever they are used, and changed only by "Use current selection". Changes are
 * reported so the flow can drop an estimate made for other input.
 */
export interface SourcePicker {
  element: HTMLElement;
  source(): Parsed<ColumnSource>;
  target(): ResultTarget;
  /** Reads the kept cells again as they are now (the first time: takes the selection). */
  refreshSelection(): Promise<void>;
  /** The kept cells ("Sheet1!B2:B200"), or null: estimates are tied to them. */
  selectionKey(): string | null;
  /** The tab the input is read from, when known (the selection's, or the column's). */
  inputTab(): string | null;
  /** The "Write into" choice: its errors show under it; it offers the document's tabs. */
  tabMode: TabModeField;
  onChange(listener: () => void): void;
}

export interface SourcePickerOptions {
  /** The section whose input this is: its cells are kept under its name. */
  section: InputSection;
  /** "e-mail addresses", "handles". */
  inputNoun: string;
  /** Prefix of the ids of the tab fields ("enrich": `enrich-tab-name`, `enrich-tab-mode`). */
  idPrefix: string;
  /** The tab a blank name means ("E-mail enrichment"), shown as the name field's placeholder. */
  defaultTabName: string;
  /** The section's kept cells as they read now; null when it keeps none. */
  getKept(): Promise<SelectionInfo | null>;
  /** The selection becomes the section's cells; null when nothing is selected. */
  keepSelection(): Promise<SelectionInfo | null>;
  onError(action: string, error: unknown): void;
}

export function createSourcePicker(options: SourcePickerOptions): SourcePicker {
  const listeners: (() => void)[] = [];
  const changed = (): void => listeners.forEach((listener) => listener());

  const kind = radioGroup(
    `Where are the ${options.inputNoun}?`,
    [
      { value: 'selection', label: 'In the selected cells' },
      { value: 'column', label: 'In a column' },
    ],
    'selection',
  );
  const selectionSummary = createElement('div', { class: 'selection-info', 'aria-live': 'polite' });
  const useSelection = button('Use current selection', { small: true });
  const selectionBox = createElement('div', { class: 'subform' }, [selectionSummary, useSelection]);

  const sheetName = textField({ label: 'Tab', placeholder: 'Sheet1' });
  const column = textField({ label: 'Column', placeholder: 'B', hint: 'A letter, e.g. B.' });
  const firstRow = textField({
    label: 'First row',
    value: '2',
    inputMode: 'numeric',
    hint: 'Row 1 is usually the header.',
  });
  const columnBox = createElement('div', { class: 'subform' }, [
    sheetName.wrapper,
    column.wrapper,
    firstRow.wrapper,
  ]);

  const target = radioGroup(
    'Where should the results go?',
    [
      { value: 'beside', label: 'Beside the input, same rows' },
      { value: 'newTab', label: 'In another tab' },
    ],
    'beside',
  );
  const tabName = withId(
    textField({
      label: 'New tab name',
      placeholder: options.defaultTabName,
      hint: `Left blank: "${options.defaultTabName}".`,
    }),
    `${options.idPrefix}-tab-name`,
  );
  const tabMode = createTabModeField(tabName, options.idPrefix);
  const tabBox = createElement('div', { class: 'subform' }, [tabName.wrapper, ...tabMode.elements]);

  const showKind = (): void => {
    selectionBox.hidden = kind.value() !== 'selection';
    columnBox.hidden = kind.value() !== 'column';
    tabBox.hidden = target.value() !== 'newTab';
  };
  kind.onChange(() => {
    showKind();
    changed();
  });
  target.onChange(() => {
    showKind();
    changed();
  });
  for (const field of [sheetName, column, firstRow, tabName])
    field.control.addEventListener('input', changed);
  tabMode.field.control.addEventListener('change', changed);

  let kept: SelectionInfo | null = null;
  let lastSelection: string | null = null;
  let selectionTab: string | null = null;
  /** `read`: the kept cells again, or (Use current selection) the selection, kept from now on. */
  const readInput = async (read: () => Promise<SelectionInfo | null>): Promise<void> => {
    useSelection.disabled = true;
    selectionSummary.replaceChildren(createElement('p', { class: 'hint' }, ['Reading the cells…']));
    try {
      // Nothing kept yet (the section's first use in this document): the selection is taken.
      const info = (await read()) ?? (read === options.getKept ? await options.keepSelection() : null);
      kept = info;
      lastSelection = info === null ? null : `${info.sheetName}!${info.a1}`;
      selectionTab = info === null ? null : info.sheetName;
      selectionSummary.replaceChildren(...describeSelection(info, options.inputNoun));
      // The column form starts from the selection, so switching to it needs no typing.
      if (info !== null && sheetName.control.value === '') {
        sheetName.control.value = info.sheetName;
        const match = /^\$?([A-Z]+)\$?(\d+)/i.exec(info.a1);
        if (match !== null) {
          column.control.value = match[1].toUpperCase();
          firstRow.control.value = String(Number(match[2]) + (info.headerDetected ? 1 : 0));
        }
      }
    } catch (error) {
      kept = null;
      lastSelection = null;
      selectionTab = null;
      selectionSummary.replaceChildren();
      options.onError('read the selection', error);
    } finally {
      useSelection.disabled = false;
    }
    changed();
  };
  const refreshSelection = (): Promise<void> => readInput(options.getKept);
  useSelection.addEventListener('click', () => void readInput(options.keepSelection));
  showKind();

  return {
    element: createElement('div', { class: 'source-picker' }, [
      kind.fieldset,
      selectionBox,
      columnBox,
      target.fieldset,
      tabBox,
    ]),
    source: () => {
      const read = readColumnSource({
        kind: kind.value() === 'column' ? 'column' : 'selection',
        sheetName: sheetName.control.value,
        column: column.control.value,
        firstRow: firstRow.control.value,
      });
      // The kept cells, wherever the user is now; the live selection only before any was kept.
      return read.ok && read.value.kind === 'selection' && kept !== null
        ? { ok: true, value: { kind: 'range', sheetName: kept.sheetName, a1: kept.a1 } }
        : read;
    },
    target: () =>
      readResultTarget({
        kind: target.value() === 'newTab' ? 'newTab' : 'beside',
        tabName: tabName.control.value,
        mode: tabMode.mode(),
      }),
    refreshSelection,
    selectionKey: () => (kind.value() === 'selection' ? lastSelection : null),
    inputTab: () => {
      if (kind.value() === 'selection') return selectionTab;
      const typed = sheetName.control.value.trim();
      return typed === '' ? null : typed;
    },
    tabMode,
    onChange: (listener) => listeners.push(listener),
  };
}

function describeSelection(info: SelectionInfo | null, noun: string): Node[] {
  if (info === null) {
    return [
      createElement('p', { class: 'hint' }, [
        `Nothing is selected: select the cells with the ${noun}, then press "Use current selection".`,
      ]),
    ];
  }
  const keptHint = createElement('p', { class: 'hint' }, [
    'Kept for this spreadsheet whatever tab is active: select other cells and press "Use current selection" to change it.',
  ]);
  const header = info.headerDetected
    ? 'The first row looks like a header and is skipped.'
    : 'No header row detected.';
  const size = `${countOf(info.rows, 'row')}${info.columns > 1 ? `, first of ${info.columns} columns` : ''}`;
  return [
    createElement('p', { class: 'kept-input' }, [
      createElement('strong', {}, [`${info.sheetName}!${info.a1}`]),
      ` · ${size}`,
    ]),
    keptHint,
    createElement('p', { class: 'hint' }, [header]),
    createElement(
      'ul',
      { class: 'preview', 'aria-label': 'First values' },
      info.preview.map((value) => createElement('li', {}, [value === '' ? '(blank)' : value])),
    ),
  ];
}
