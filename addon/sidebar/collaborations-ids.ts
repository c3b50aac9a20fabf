import type { Field, RadioGroup } from './form-fields';

/**
 * Stable ids on the section's controls (`#collaborations-subject`, ...) for browser tests and the
 * playground. form-fields.ts numbers its ids; these rename a control and keep its label, hint and
 * error tied to it.
 */

export function withId<C extends HTMLElement>(field: Field<C>, id: string): Field<C> {
  const previous = field.control.id;
  const label = field.wrapper.querySelector(`label[for="${previous}"]`);
  field.control.id = id;
  label?.setAttribute('for', id);
  return field;
}

/** Radio inputs become `<prefix>-<value>`. */
export function withRadioIds<V extends string>(group: RadioGroup<V>, prefix: string): RadioGroup<V> {
  for (const input of Array.from(group.fieldset.querySelectorAll('input'))) {
    const label = group.fieldset.querySelector(`label[for="${input.id}"]`);
    input.id = `${prefix}-${input.value}`;
    label?.setAttribute('for', input.id);
  }
  return group;
}
