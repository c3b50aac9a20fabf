import { h } from './element';

interface FormulaBarCallbacks {
  /** The name box was given a reference ("B12", "A:A"); false when it names no cells. */
  onReference(text: string): boolean;
  /** Enter in the formula input: the text goes into the cursor's cell. */
  onCommit(text: string): void;
  /** Escape: back to the grid, nothing written. */
  onCancel(): void;
}

/**
 * Sheets' bar above the grid: the name box (where the selection is; type a reference and press
 * Enter to go there) and the formula input (the cursor cell's formula or value; Enter writes it).
 */
export class FormulaBar {
  readonly element: HTMLElement;
  private readonly nameBox: HTMLInputElement;
  private readonly input: HTMLInputElement;
  private shownText = '';

  constructor(callbacks: FormulaBarCallbacks) {
    this.nameBox = h('input', { id: 'name-box', type: 'text', autocomplete: 'off', spellcheck: 'false' });
    this.input = h('input', { id: 'formula-input', type: 'text', autocomplete: 'off', spellcheck: 'false' });
    this.element = h('div', { class: 'formula-bar' }, [
      h('label', { for: 'name-box', class: 'visually-hidden' }, [
        'Cell reference (type one and press Enter to go there)',
      ]),
      this.nameBox,
      h('label', { for: 'formula-input', class: 'fx' }, [
        h('span', { 'aria-hidden': 'true' }, ['fx']),
        h('span', { class: 'visually-hidden' }, ["Formula or value of the cursor's cell"]),
      ]),
      this.input,
    ]);
    this.nameBox.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        if (!callbacks.onReference(this.nameBox.value)) {
          this.nameBox.setAttribute('aria-invalid', 'true');
          this.nameBox.select();
        }
      } else if (event.key === 'Escape') {
        event.preventDefault();
        callbacks.onCancel();
      }
    });
    this.nameBox.addEventListener('input', () => this.nameBox.removeAttribute('aria-invalid'));
    this.input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        callbacks.onCommit(this.input.value);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        this.input.value = this.shownText;
        callbacks.onCancel();
      }
    });
  }

  /** Shows where the selection is and what the cursor's cell holds, unless the user is typing there. */
  show(reference: string, text: string): void {
    if (document.activeElement !== this.nameBox) {
      this.nameBox.value = reference;
      this.nameBox.removeAttribute('aria-invalid');
    }
    if (document.activeElement !== this.input) this.input.value = text;
    this.shownText = text;
  }

  /** The formula input (the formula help attaches to it). */
  get formulaInput(): HTMLInputElement {
    return this.input;
  }

  setDisabled(disabled: boolean): void {
    this.nameBox.disabled = disabled;
    this.input.disabled = disabled;
  }
}
