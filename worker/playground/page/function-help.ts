import { argumentAt } from '../apps-script/spreadsheet/formula-syntax';
import type { FunctionHelp as Help } from '../playground-api';
import { h } from './element';

/**
 * Sheets' formula help for the add-on's custom functions, on a text input (the formula bar, the
 * cell editor): while a function name is typed after "=", a list of the functions that match with
 * their parameters and one line on each (arrows choose, Enter or Tab takes one, Escape closes);
 * inside the parentheses, a card with the function's parameters, the one being typed in bold,
 * and what it takes. The functions are the script's `@customfunction`s with their JSDoc, as
 * Sheets reads them.
 */

const TYPING_NAME = /^\s*=\s*([A-Za-z_][\w.]*)?$/;
const INSIDE_CALL = /^\s*=\s*([A-Za-z_][\w.]*)\s*\(([\s\S]*)$/;

let nextId = 0;

export class FunctionHelp {
  private readonly popup: HTMLElement;
  private readonly id = `function-help-${++nextId}`;
  private matches: Help[] = [];
  private active = 0;
  private mode: 'closed' | 'list' | 'card' = 'closed';

  constructor(
    private readonly input: HTMLInputElement,
    private readonly functions: () => readonly Help[],
  ) {
    this.popup = h('div', { class: 'function-help', id: this.id, hidden: '' });
    // Clicking an item must not take the focus from the input (the cell editor commits on blur).
    this.popup.addEventListener('mousedown', (event) => event.preventDefault());
    document.body.append(this.popup);
    // ARIA's editable combobox: a text input that offers a list while one types.
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.addEventListener('input', () => this.update());
    input.addEventListener('focus', () => this.update());
    input.addEventListener('click', () => this.update());
    input.addEventListener('keyup', (event) => {
      if (event.key.startsWith('Arrow') && this.mode !== 'list') this.update();
    });
    input.addEventListener('blur', () => this.close());
    // Before the input's own keys (Enter writes the cell, Escape cancels the edit).
    input.addEventListener('keydown', (event) => this.key(event), { capture: true });
  }

  private update(): void {
    const before = this.input.value.slice(0, this.input.selectionStart ?? this.input.value.length);
    const functions = this.functions();
    const typing = TYPING_NAME.exec(before);
    if (typing !== null && functions.length > 0) {
      const prefix = (typing[1] ?? '').toUpperCase();
      this.matches = functions.filter((help) => help.name.toUpperCase().startsWith(prefix));
      if (this.matches.length > 0) {
        this.showList();
        return;
      }
    }
    const call = INSIDE_CALL.exec(before);
    const help =
      call === null ? undefined : functions.find((f) => f.name.toUpperCase() === call[1].toUpperCase());
    const argument = call === null ? null : argumentAt(call[2]);
    if (help !== undefined && argument !== null) this.showCard(help, argument);
    else this.close();
  }

  private key(event: KeyboardEvent): void {
    if (this.mode === 'closed') return;
    if (event.key === 'Escape') {
      this.close();
      event.preventDefault();
      event.stopImmediatePropagation();
      return;
    }
    if (this.mode !== 'list') return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      this.active =
        (this.active + (event.key === 'ArrowDown' ? 1 : -1) + this.matches.length) % this.matches.length;
      this.showList();
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      this.choose(this.matches[this.active]);
    } else return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }

  /** Puts `=NAME(` in place of what was typed before the caret, and shows the parameters. */
  private choose(help: Help): void {
    const caret = this.input.selectionStart ?? this.input.value.length;
    const after = this.input.value.slice(caret).replace(/^[\w.]*\s*\(?/, '');
    const start = `=${help.name}(`;
    this.input.value = start + after;
    this.input.setSelectionRange(start.length, start.length);
    this.update();
  }

  private showList(): void {
    this.active = Math.min(this.active, this.matches.length - 1);
    const options = this.matches.map((help, index) => {
      const option = h(
        'div',
        {
          role: 'option',
          id: `${this.id}-${index}`,
          class: 'function-option',
          'aria-selected': String(index === this.active),
        },
        [
          h('div', { class: 'function-signature' }, signature(help, null)),
          h('div', { class: 'function-summary' }, [help.summary]),
        ],
      );
      option.addEventListener('click', () => this.choose(help));
      return option;
    });
    this.popup.replaceChildren(...options);
    this.popup.setAttribute('role', 'listbox');
    this.popup.setAttribute('aria-label', "The add-on's functions");
    this.input.setAttribute('aria-controls', this.id);
    this.input.setAttribute('aria-activedescendant', `${this.id}-${this.active}`);
    this.open('list');
  }

  private showCard(help: Help, argument: number): void {
    const parameter = help.parameters[Math.min(argument, help.parameters.length - 1)];
    const example = help.examples[0];
    this.popup.replaceChildren(
      h('div', { class: 'function-signature' }, signature(help, argument)),
      h('p', { class: 'function-summary' }, [help.summary]),
      ...(parameter === undefined
        ? []
        : [
            h('p', { class: 'function-parameter' }, [
              h('strong', {}, [parameter.optional ? `${parameter.name} (optional)` : parameter.name]),
              ` ${parameter.description}`,
            ]),
          ]),
      ...(example === undefined
        ? []
        : [h('p', { class: 'function-example' }, ['Example: ', h('code', {}, [example])])]),
    );
    this.popup.setAttribute('role', 'tooltip');
    this.popup.removeAttribute('aria-label');
    this.input.removeAttribute('aria-activedescendant');
    this.input.removeAttribute('aria-controls');
    this.input.setAttribute('aria-describedby', this.id);
    this.open('card');
  }

  private open(mode: 'list' | 'card'): void {
    this.mode = mode;
    const box = this.input.getBoundingClientRect();
    this.popup.style.left = `${Math.round(box.left)}px`;
    this.popup.style.top = `${Math.round(box.bottom + 2)}px`;
    this.popup.hidden = false;
    this.input.setAttribute('aria-expanded', String(mode === 'list'));
  }

  private close(): void {
    if (this.mode === 'closed') return;
    this.mode = 'closed';
    this.active = 0;
    this.popup.hidden = true;
    this.input.setAttribute('aria-expanded', 'false');
    this.input.removeAttribute('aria-activedescendant');
    this.input.removeAttribute('aria-controls');
    this.input.removeAttribute('aria-describedby');
  }
}

/** `NAME(handles, [platform])`, with the parameter at `current` in bold. */
function signature(help: Help, current: number | null): (Node | string)[] {
  const parts: (Node | string)[] = [h('strong', {}, [help.name]), '('];
  help.parameters.forEach((parameter, index) => {
    if (index > 0) parts.push(', ');
    const text = parameter.optional ? `[${parameter.name}]` : parameter.name;
    parts.push(index === current ? h('em', { class: 'current' }, [text]) : text);
  });
  parts.push(')');
  return parts;
}
