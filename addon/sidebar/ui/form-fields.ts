import { createElement } from './create-element';

/**
 * Labelled form controls. Every control gets a visible <label> tied to it by id, hints and errors
 * are tied by aria-describedby, and an error also sets aria-invalid, so a screen reader reads the
 * field's name, its value and what is wrong with it.
 */
let lastId = 0;

export function uniqueId(prefix: string): string {
  lastId += 1;
  return `${prefix}-${lastId}`;
}

export interface Field<C extends HTMLElement> {
  control: C;
  wrapper: HTMLElement;
  /** Shows the message under the field (null clears it). */
  setError(message: string | null): void;
}

function wrap<C extends HTMLElement>(label: string, control: C, hint?: string): Field<C> {
  const id = control.id === '' ? uniqueId('field') : control.id;
  control.id = id;
  const parts: Node[] = [createElement('label', { for: id }, [label]), control];
  if (hint !== undefined) {
    const hintId = `${id}-hint`;
    control.setAttribute('aria-describedby', hintId);
    parts.push(createElement('p', { class: 'hint', id: hintId }, [hint]));
  }
  const errorId = `${id}-error`;
  const error = createElement('p', { class: 'field-error', id: errorId, hidden: '' });
  parts.push(error);
  const wrapper = createElement('div', { class: 'field' }, parts);
  return {
    control,
    wrapper,
    setError(message) {
      error.textContent = message ?? '';
      error.hidden = message === null;
      // Adds or drops the error's id only: a section may tie its own lines to the control too.
      const others = (control.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .filter((described) => described !== '' && described !== errorId);
      const describedBy = message === null ? others : [...others, errorId];
      if (message === null) control.removeAttribute('aria-invalid');
      else control.setAttribute('aria-invalid', 'true');
      if (describedBy.length > 0) control.setAttribute('aria-describedby', describedBy.join(' '));
      else control.removeAttribute('aria-describedby');
    },
  };
}

export interface TextFieldOptions {
  label: string;
  value?: string;
  hint?: string;
  placeholder?: string;
  /** The on-screen keyboard to offer: numeric, decimal, url, email... */
  inputMode?: string;
  type?: 'text' | 'url';
}

export function textField(options: TextFieldOptions): Field<HTMLInputElement> {
  const input = createElement('input', {
    type: options.type ?? 'text',
    autocomplete: 'off',
    spellcheck: 'false',
  });
  input.value = options.value ?? '';
  if (options.placeholder !== undefined) input.placeholder = options.placeholder;
  if (options.inputMode !== undefined) input.setAttribute('inputmode', options.inputMode);
  return wrap(options.label, input, options.hint);
}

export interface TextAreaFieldOptions {
  label: string;
  hint?: string;
  placeholder?: string;
  rows?: number;
  /** Spell checking suits prose (an AI search query), not lists of handles. */
  spellcheck?: boolean;
}

/** A multi-line text field: one item per line, or a description in words. */
export function textAreaField(options: TextAreaFieldOptions): Field<HTMLTextAreaElement> {
  const control = createElement('textarea', {
    rows: String(options.rows ?? 3),
    spellcheck: String(options.spellcheck ?? false),
    autocomplete: 'off',
  });
  if (options.placeholder !== undefined) control.placeholder = options.placeholder;
  return wrap(options.label, control, options.hint);
}

export interface Choice {
  value: string;
  label: string;
}

export function selectField(
  label: string,
  choices: readonly Choice[],
  value = '',
  hint?: string,
): Field<HTMLSelectElement> {
  const select = createElement('select');
  setChoices(select, choices, value);
  return wrap(label, select, hint);
}

/** Replaces a select's options, keeping the value when it is still one of them. */
export function setChoices(
  select: HTMLSelectElement,
  choices: readonly Choice[],
  value = select.value,
): void {
  select.replaceChildren(
    ...choices.map((choice) => createElement('option', { value: choice.value }, [choice.label])),
  );
  select.value = choices.some((choice) => choice.value === value) ? value : (choices[0]?.value ?? '');
}

export function checkboxField(label: string, checked = false, hint?: string): Field<HTMLInputElement> {
  const input = createElement('input', { type: 'checkbox' });
  input.checked = checked;
  const id = uniqueId('check');
  input.id = id;
  const parts: Node[] = [input, createElement('label', { for: id }, [label])];
  if (hint !== undefined) {
    parts.push(createElement('p', { class: 'hint', id: `${id}-hint` }, [hint]));
    input.setAttribute('aria-describedby', `${id}-hint`);
  }
  const error = createElement('p', { class: 'field-error', hidden: '' });
  parts.push(error);
  return {
    control: input,
    wrapper: createElement('div', { class: 'field checkbox' }, parts),
    setError(message) {
      error.textContent = message ?? '';
      error.hidden = message === null;
    },
  };
}

export interface RadioGroup<V extends string> {
  fieldset: HTMLFieldSetElement;
  value(): V;
  set(value: V): void;
  onChange(listener: (value: V) => void): void;
}

/** Radio buttons in a fieldset whose legend names the choice; arrows move between them natively. */
export function radioGroup<V extends string>(
  legend: string,
  choices: readonly { value: V; label: string }[],
  value: V,
): RadioGroup<V> {
  const name = uniqueId('radio');
  const inputs = choices.map((choice) => {
    const input = createElement('input', {
      type: 'radio',
      name,
      value: choice.value,
      id: `${name}-${choice.value}`,
    });
    input.checked = choice.value === value;
    return { input, choice };
  });
  const fieldset = createElement('fieldset', { class: 'radios' }, [
    createElement('legend', {}, [legend]),
    ...inputs.map(({ input, choice }) =>
      createElement('div', { class: 'radio' }, [
        input,
        createElement('label', { for: input.id }, [choice.label]),
      ]),
    ),
  ]);
  const current = (): V => inputs.find(({ input }) => input.checked)?.choice.value ?? value;
  return {
    fieldset,
    value: current,
    set(next) {
      for (const { input, choice } of inputs) input.checked = choice.value === next;
    },
    onChange(listener) {
      for (const { input } of inputs) input.addEventListener('change', () => listener(current()));
    },
  };
}

/** A weight from 0 to 100% as a slider, with the value written beside it. */
export function weightField(label: string, percent: number): Field<HTMLInputElement> {
  const input = createElement('input', { type: 'range', min: '0', max: '100', step: '5' });
  input.value = String(percent);
  const output = createElement('output', { class: 'weight-value' }, [`${percent}%`]);
  const update = (): void => {
    output.textContent = `${input.value}%`;
    input.setAttribute('aria-valuetext', `${input.value}%`);
  };
  input.addEventListener('input', update);
  update();
  const field = wrap(label, input, 'The least share of the audience that must match.');
  output.setAttribute('for', input.id);
  field.wrapper.classList.add('weight');
  input.after(output);
  return field;
}

/** A list of label/value pairs. */
export function factList(facts: readonly { label: string; value: string }[]): HTMLDListElement {
  return createElement(
    'dl',
    { class: 'facts' },
    facts.flatMap((fact) => [createElement('dt', {}, [fact.label]), createElement('dd', {}, [fact.value])]),
  );
}

export function button(
  label: string,
  options: { primary?: boolean; small?: boolean } = {},
): HTMLButtonElement {
  const classes = ['button', options.primary ? 'primary' : '', options.small ? 'small' : ''].filter(Boolean);
  return createElement('button', { type: 'button', class: classes.join(' ') }, [label]);
}

/**
 * Gives a field's control a stable id (`#lists-create-name`: what browser tests and the playground
 * find it by) and keeps its label tied to it; the numbered ids above only need to be unique.
 */
export function withId<C extends HTMLElement>(field: Field<C>, id: string): Field<C> {
  const label = field.wrapper.querySelector(`label[for="${field.control.id}"]`);
  field.control.id = id;
  label?.setAttribute('for', id);
  return field;
}

/** The same for a radio group: each input becomes `<prefix>-<value>`. */
export function withRadioIds<V extends string>(group: RadioGroup<V>, prefix: string): RadioGroup<V> {
  for (const input of Array.from(group.fieldset.querySelectorAll('input'))) {
    const label = group.fieldset.querySelector(`label[for="${input.id}"]`);
    input.id = `${prefix}-${input.value}`;
    label?.setAttribute('for', input.id);
  }
  return group;
}

/** A group of fields the user can fold away (advanced filters), named by its summary. */
export function detailsGroup(
  legend: string,
  open: boolean,
  children: Node[],
  id?: string,
): HTMLDetailsElement {
  const details = createElement('details', { class: 'group', ...(id === undefined ? {} : { id }) }, [
    createElement('summary', {}, [legend]),
    ...children,
  ]);
  details.open = open;
  return details;
}

/** Two fields side by side (a minimum and a maximum). */
export function fieldPair(...fields: Field<HTMLElement>[]): HTMLElement {
  return createElement(
    'div',
    { class: 'pair' },
    fields.map((field) => field.wrapper),
  );
}
