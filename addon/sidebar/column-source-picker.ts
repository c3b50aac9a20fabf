import type { ColumnSource, ResultTarget, SelectionInfo } from '../shared/sidebar-api';
import { readColumnSource, readResultTarget } from './column-source';
import { countOf } from './count-text';
import { createElement } from './create-element';
import { button, radioGroup, textField } from './form-fields';
import type { Parsed } from './number-input';

/**
 * Where a bulk action reads (the selection, or a column of a tab) and where it writes (beside the
 * input, or a new tab). Changes are reported so the flow can drop an estimate made for other input.
 */
export interface SourcePicker {
  element: HTMLElement;
  source(): Parsed<ColumnSource>;
  target(): ResultTarget;
  /** Reads the selection again (after the user selected other cells). */
  refreshSelection(): Promise<void>;
  /** The selection last read ("Sheet1!B2:B200"), or null: estimates are tied to it. */
  selectionKey(): string | null;
  onChange(listener: () => void): void;
}

export interface SourcePickerOptions {
  /** "e-mail addresses", "handles". */
  inputNoun: string;
  getSelectionInfo(): Promise<SelectionInfo | null>;
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
      { value: 'newTab', label: 'In a new tab' },
    ],
    'beside',
  );
  const tabName = textField({
    label: 'New tab name (optional)',
    hint: 'Left blank, the tab is named after the action.',
  });
  const tabBox = createElement('div', { class: 'subform' }, [tabName.wrapper]);

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

  let lastSelection: string | null = null;
  const refreshSelection = async (): Promise<void> => {
    useSelection.disabled = true;
    selectionSummary.replaceChildren(createElement('p', { class: 'hint' }, ['Reading the selection…']));
    try {
      const info = await options.getSelectionInfo();
      lastSelection = info === null ? null : `${info.sheetName}!${info.a1}`;
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
      lastSelection = null;
      selectionSummary.replaceChildren();
      options.onError('read the selection', error);
    } finally {
      useSelection.disabled = false;
    }
    changed();
  };
  useSelection.addEventListener('click', () => void refreshSelection());
  showKind();

  return {
    element: createElement('div', { class: 'source-picker' }, [
      kind.fieldset,
      selectionBox,
      columnBox,
      target.fieldset,
      tabBox,
    ]),
    source: () =>
      readColumnSource({
        kind: kind.value() === 'column' ? 'column' : 'selection',
        sheetName: sheetName.control.value,
        column: column.control.value,
        firstRow: firstRow.control.value,
      }),
    target: () =>
      readResultTarget({
        kind: target.value() === 'newTab' ? 'newTab' : 'beside',
        tabName: tabName.control.value,
      }),
    refreshSelection,
    selectionKey: () => (kind.value() === 'selection' ? lastSelection : null),
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
  const header = info.headerDetected
    ? 'The first row looks like a header and is skipped.'
    : 'No header row detected.';
  const size = `${countOf(info.rows, 'row')}${info.columns > 1 ? `, first of ${info.columns} columns` : ''}`;
  return [
    createElement('p', {}, [createElement('strong', {}, [`${info.sheetName}!${info.a1}`]), ` · ${size}`]),
    createElement('p', { class: 'hint' }, [header]),
    createElement(
      'ul',
      { class: 'preview', 'aria-label': 'First values' },
      info.preview.map((value) => createElement('li', {}, [value === '' ? '(blank)' : value])),
    ),
  ];
}
