import type { AiSearchFormResult } from './ai-search-form';
import type { ErrorTargets, NoteLines } from './ai-search-part';
import { createElement } from '../ui/create-element';

/**
 * Puts what the mapping said where it belongs: each error under its field (or in the list
 * above the estimate when no field holds it), each note on its line; earlier ones are cleared.
 * A fresh form is not wrong yet: errors show once the user has edited something.
 */
export function showFormMessages(
  result: AiSearchFormResult,
  places: { errors: ErrorTargets; notes: NoteLines; otherErrors: HTMLElement },
  edited: boolean,
): void {
  const { errors, notes, otherErrors } = places;
  for (const field of Object.values(errors)) field?.setError(null);
  const unplaced: string[] = [];
  if (!result.ok && edited) {
    for (const error of result.errors) {
      const field = errors[error.field];
      if (field === undefined) unplaced.push(error.message);
      else field.setError(error.message);
    }
  }
  otherErrors.replaceChildren(...unplaced.map((message) => createElement('li', {}, [message])));
  otherErrors.hidden = unplaced.length === 0;
  for (const note of Object.values(notes)) {
    if (note === undefined) continue;
    note.textContent = '';
    note.hidden = true;
  }
  for (const note of result.notes) {
    const line = notes[note.field];
    if (line === undefined) continue;
    line.textContent = note.message;
    line.hidden = false;
  }
}
