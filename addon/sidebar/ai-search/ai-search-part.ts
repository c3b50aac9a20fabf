import type { Platform } from '../../../shared/platforms';
import type { AiSearchField } from './ai-search-form';
import { createElement } from '../ui/create-element';
import type { Field } from '../ui/form-fields';
import type { SidebarContext } from '../sidebar-context';

/**
 * What the panels of the AI search form share: each panel owns its fields and their events, and
 * tells the section where its fields' errors and notes go, so the section can place every message
 * the mapping returns without knowing the fields.
 */

/** Where an error of one field is shown (a field, or a line standing for a typeahead). */
export interface ErrorTarget {
  setError(message: string | null): void;
}

export type ErrorTargets = Partial<Record<AiSearchField, ErrorTarget>>;
export type NoteLines = Partial<Record<AiSearchField, HTMLParagraphElement>>;

/** One panel of the form: what it shows, what it adds to the values, where its messages go. */
export interface AiSearchPart<V> {
  elements: readonly Node[];
  read(): V;
  /** Puts kept values back (a saved search loaded, the last form restored). */
  write(values: V): void;
  errors: ErrorTargets;
  notes?: NoteLines;
}

/** What a panel needs from the section. */
export interface AiPartContext {
  context: SidebarContext;
  platform(): Platform;
  /** Every edit re-runs the mapping. */
  changed(): void;
}

/**
 * A line for how the API reads a field (snapped ranges, phrase counts), announced as it changes;
 * inside the field's wrapper, or, for a pair of fields, placed by the caller under the pair.
 */
export function noteLine(id: string, field?: Field<HTMLElement>): HTMLParagraphElement {
  const note = createElement('p', { class: 'hint ai-search-note', id, 'aria-live': 'polite', hidden: '' });
  field?.wrapper.append(note);
  return note;
}

/** An error line of its own, for parts without a field wrapper to hold it (image, typeaheads). */
export function errorLine(alert = false): { element: HTMLParagraphElement; target: ErrorTarget } {
  const element = createElement('p', {
    class: 'field-error',
    ...(alert ? { role: 'alert' } : {}),
    hidden: '',
  });
  return {
    element,
    target: {
      setError(message) {
        element.textContent = message ?? '';
        element.hidden = message === null;
      },
    },
  };
}

/** Re-runs the mapping on every keystroke of typed fields and every pick of the others. */
export function watchFields(
  changed: () => void,
  typing: readonly Field<HTMLElement>[],
  picking: readonly Field<HTMLElement>[] = [],
): void {
  for (const field of typing) field.control.addEventListener('input', changed);
  for (const field of picking) field.control.addEventListener('change', changed);
}
