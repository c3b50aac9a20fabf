import type { Field } from './form-fields';

/**
 * Puts a value into a control as if the user had: the control's own listeners run (a weight's
 * "%" beside it, a name no longer suggested once typed), so a loaded form behaves like a typed one.
 */

export function writeText(field: Field<HTMLInputElement | HTMLTextAreaElement>, value: string): void {
  if (field.control.value === value) return;
  field.control.value = value;
  field.control.dispatchEvent(new Event('input', { bubbles: true }));
}

/** A select takes the value only when it is one of its choices; else its first choice. */
export function writeChoice(field: Field<HTMLSelectElement>, value: string): void {
  const select = field.control;
  const has = Array.from(select.options).some((option) => option.value === value);
  const next = has ? value : (select.options[0]?.value ?? '');
  if (select.value === next) return;
  select.value = next;
  select.dispatchEvent(new Event('change', { bubbles: true }));
}

export function writeFlag(field: Field<HTMLInputElement>, checked: boolean): void {
  if (field.control.checked === checked) return;
  field.control.checked = checked;
  field.control.dispatchEvent(new Event('change', { bubbles: true }));
}
