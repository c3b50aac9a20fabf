import type { FormJson, SavedFormSection } from '../../bridge-contract/saved-work-api';
import { PROPERTY_VALUE_MAX_BYTES } from '../apps-script/property-budget';
import { utf8Bytes } from '../apps-script/utf8-bytes';

/**
 * Each user's last form of a section in a document, restored when their sidebar opens again
 * (issue 15). Kept in USER properties, not the document's: a form being typed is one person's
 * work in progress, and two editors with the sidebar open at once would otherwise overwrite each
 * other's filters on every keystroke; what a team shares is what it saves under a name
 * (saved-forms.ts). The user store is one per person for the add-on across every spreadsheet, so
 * the key names the document, and only the newest forms are kept (MAX_REMEMBERED, and at most
 * MAX_REMEMBERED_BYTES of the user's 500 KB store).
 */
export const LAST_FORM_PREFIX = 'creatorSheets.lastForm.';

/** Three sections in each of the last dozen spreadsheets or so. */
const MAX_REMEMBERED = 36;
/** And never more than this of the user's 500 KB store, which holds their worker key too. */
const MAX_REMEMBERED_BYTES = 100 * 1024;

interface Remembered {
  at: number;
  form: FormJson;
}

function keyOf(section: SavedFormSection, documentId: string): string {
  return `${LAST_FORM_PREFIX}${section}.${documentId}`;
}

function parse(text: string | null | undefined): Remembered | null {
  if (typeof text !== 'string') return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Partial<Remembered>;
    return typeof record.at === 'number' && record.form !== undefined
      ? { at: record.at, form: record.form }
      : null;
  } catch {
    return null;
  }
}

export function readLastForm(section: SavedFormSection, documentId: string): FormJson | null {
  return parse(PropertiesService.getUserProperties().getProperty(keyOf(section, documentId)))?.form ?? null;
}

/**
 * Keeps the form; a form over the 9 KB a property holds is not kept (the sidebar leaves out the
 * one thing that large, an uploaded image). Answers whether it was kept.
 */
export function rememberLastForm(
  section: SavedFormSection,
  documentId: string,
  form: FormJson,
  now = Date.now(),
): boolean {
  const value = JSON.stringify({ at: now, form });
  if (utf8Bytes(value) > PROPERTY_VALUE_MAX_BYTES) return false;
  const store = PropertiesService.getUserProperties();
  const key = keyOf(section, documentId);
  store.setProperty(key, value);
  const all = store.getProperties();
  const remembered = Object.keys(all)
    .filter((name) => name.indexOf(LAST_FORM_PREFIX) === 0)
    .map((name) => ({ name, at: parse(all[name])?.at ?? 0, bytes: utf8Bytes(name) + utf8Bytes(all[name]) }))
    .sort((a, b) => b.at - a.at);
  // Newest first: the form just kept always stays; the oldest go past either limit.
  let bytes = 0;
  remembered.forEach((form, index) => {
    bytes += form.bytes;
    if (index > 0 && (index >= MAX_REMEMBERED || bytes > MAX_REMEMBERED_BYTES))
      store.deleteProperty(form.name);
  });
  return true;
}
