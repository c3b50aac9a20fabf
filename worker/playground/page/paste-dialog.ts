import { parseClipboardText } from './clipboard-text';
import { h } from './element';

interface PasteDialogCallbacks {
  /** Rows of cells to put with their top-left at `reference` ("A2"); false when it names no cell. */
  onPaste(reference: string, values: string[][]): boolean;
}

/**
 * "Paste a column…": a text area for a list (one value per line, tabs for more columns), for
 * those who have it in a file rather than on the clipboard. Ctrl+V in the grid does the same.
 */
export class PasteDialog {
  readonly element: HTMLDialogElement;
  private readonly text: HTMLTextAreaElement;
  private readonly at: HTMLInputElement;
  private readonly problem: HTMLElement;

  constructor(callbacks: PasteDialogCallbacks) {
    this.text = h('textarea', { id: 'paste-text', rows: '12', spellcheck: 'false' });
    this.at = h('input', { id: 'paste-at', type: 'text', autocomplete: 'off', spellcheck: 'false' });
    this.problem = h('p', { class: 'field-error', role: 'alert', hidden: '' });
    const put = h('button', { type: 'submit', class: 'primary' }, ['Put in the sheet']);
    const cancel = h('button', { type: 'button' }, ['Cancel']);
    const form = h('form', {}, [
      h('h2', { id: 'paste-title' }, ['Paste a column']),
      h('label', { for: 'paste-text' }, ['Values, one per line (tabs split columns)']),
      this.text,
      h('label', { for: 'paste-at' }, ['Starting at cell']),
      this.at,
      this.problem,
      h('div', { class: 'dialog-actions' }, [cancel, put]),
    ]);
    this.element = h('dialog', { class: 'paste-dialog', 'aria-labelledby': 'paste-title' }, [form]);
    cancel.addEventListener('click', () => this.element.close());
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const rows = parseClipboardText(this.text.value);
      if (rows.length === 0) {
        this.fail('Type or paste at least one value.');
        return;
      }
      if (!callbacks.onPaste(this.at.value, rows)) {
        this.fail(`"${this.at.value}" is not a cell: type one such as A2.`);
        return;
      }
      this.text.value = '';
      this.element.close();
    });
  }

  open(at: string): void {
    this.at.value = at;
    this.problem.hidden = true;
    this.element.showModal();
    this.text.focus();
  }

  private fail(message: string): void {
    this.problem.textContent = message;
    this.problem.hidden = false;
  }
}
