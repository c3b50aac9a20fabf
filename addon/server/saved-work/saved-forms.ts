import type {
  FormJson,
  SavedForm,
  SavedFormSection,
  SavedFormSummary,
} from '../../bridge-contract/saved-work-api';
import { digestOf } from '../apps-script/content-digest';
import {
  kilobytesText,
  PROPERTY_STORE_MAX_BYTES,
  PROPERTY_VALUE_MAX_BYTES,
  storeBytes,
} from '../apps-script/property-budget';
import { RUN_HISTORY_PREFIX } from './run-history';
import { utf8Bytes } from '../apps-script/utf8-bytes';

/**
 * Forms saved under a name (issue 15): searches, AI searches and raw pulls, kept in the DOCUMENT's
 * properties so that every editor of the spreadsheet finds, loads, overwrites and deletes the same
 * ones. One property per form, under `creatorSheets.saved.<section>.<digest of the name>` (names
 * are free text; the digest keeps keys short and makes "Fitness DE" and "fitness de" one name, as
 * Sheets does with tab names). Each value stays within Apps Script's 9 KB, and saved work (forms
 * and the run history) within SAVED_WORK_MAX_BYTES of the store's 500 KB, so job records, keys and
 * settings always have room; past either, saving refuses with a sentence.
 */
export const SAVED_FORM_PREFIX = 'creatorSheets.saved.';

/** What saved forms and the run history may take of the document's 500 KB store. */
export const SAVED_WORK_MAX_BYTES = 200 * 1024;
/** Left free in the store for job records and the rest, whatever saved work takes. */
const STORE_RESERVE_BYTES = 60 * 1024;
/** A list a person can still read in a select. */
export const MAX_SAVED_PER_SECTION = 50;
export const MAX_SAVED_NAME_CHARS = 80;

const NOUNS: Record<SavedFormSection, { one: string; many: string }> = {
  search: { one: 'saved search', many: 'saved searches' },
  ai: { one: 'saved AI search', many: 'saved AI searches' },
  raw: { one: 'raw data preset', many: 'raw data presets' },
};

function store(): GoogleAppsScript.Properties.Properties {
  return PropertiesService.getDocumentProperties();
}

function keyOf(section: SavedFormSection, name: string): string {
  return `${SAVED_FORM_PREFIX}${section}.${digestOf(name.toLowerCase())}`;
}

/** The name as kept: one line, trimmed; refuses an empty or overlong one. */
export function checkSavedName(section: SavedFormSection, name: unknown): string {
  const text = typeof name === 'string' ? name.replace(/\s+/g, ' ').trim() : '';
  if (text === '') throw new Error(`Give the ${NOUNS[section].one} a name.`);
  if (text.length > MAX_SAVED_NAME_CHARS) {
    throw new Error(
      `A name may hold up to ${MAX_SAVED_NAME_CHARS} characters; "${text.slice(0, 20)}…" has ${text.length}.`,
    );
  }
  return text;
}

function parseSaved(text: string | undefined | null): SavedForm | null {
  if (typeof text !== 'string') return null;
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== 'object' || value === null) return null;
    const record = value as Partial<SavedForm>;
    if (typeof record.name !== 'string' || record.form === undefined) return null;
    return {
      name: record.name,
      savedBy: typeof record.savedBy === 'string' ? record.savedBy : null,
      savedAt: typeof record.savedAt === 'string' ? record.savedAt : '',
      form: record.form,
    };
  } catch {
    return null;
  }
}

/** The section's saved forms, by name (without their values). */
export function listSavedForms(
  section: SavedFormSection,
  properties: Record<string, string> = store().getProperties(),
): SavedFormSummary[] {
  const prefix = `${SAVED_FORM_PREFIX}${section}.`;
  const found: SavedFormSummary[] = [];
  for (const key of Object.keys(properties)) {
    if (key.indexOf(prefix) !== 0) continue;
    const saved = parseSaved(properties[key]);
    if (saved !== null) found.push({ name: saved.name, savedBy: saved.savedBy, savedAt: saved.savedAt });
  }
  return found.sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()));
}

export function readSavedForm(section: SavedFormSection, name: unknown): SavedForm {
  const checked = checkSavedName(section, name);
  const saved = parseSaved(store().getProperty(keyOf(section, checked)));
  if (saved === null) {
    throw new Error(
      `No ${NOUNS[section].one} is called "${checked}" in this spreadsheet any more: reload the list.`,
    );
  }
  return saved;
}

/** Bytes saved work takes now, and the whole store. */
function usage(properties: Record<string, string>): { savedWork: number; store: number } {
  const saved: Record<string, string> = {};
  for (const key of Object.keys(properties)) {
    if (key.indexOf(SAVED_FORM_PREFIX) === 0 || key.indexOf(RUN_HISTORY_PREFIX) === 0)
      saved[key] = properties[key];
  }
  return { savedWork: storeBytes(saved), store: storeBytes(properties) };
}

/** Refuses what the document cannot keep: a value over 9 KB, saved work or the store too full. */
function requireRoom(
  section: SavedFormSection,
  name: string,
  key: string,
  value: string,
  properties: Record<string, string>,
): void {
  const bytes = utf8Bytes(value);
  if (bytes > PROPERTY_VALUE_MAX_BYTES) {
    throw new Error(
      `"${name}" takes ${kilobytesText(bytes)}, more than the ${kilobytesText(PROPERTY_VALUE_MAX_BYTES)} ` +
        'Apps Script keeps in one document property: shorten its longest fields (phrases, sources, links) and save again.',
    );
  }
  const before = properties[key];
  const change = utf8Bytes(key) + bytes - (before === undefined ? 0 : utf8Bytes(key) + utf8Bytes(before));
  const now = usage(properties);
  if (now.savedWork + change > SAVED_WORK_MAX_BYTES) {
    throw new Error(
      `This spreadsheet's saved searches, presets and run history take ${kilobytesText(now.savedWork)} of the ` +
        `${kilobytesText(SAVED_WORK_MAX_BYTES)} set aside for them (Apps Script keeps 500 KB per document): ` +
        `delete some ${NOUNS[section].many} first.`,
    );
  }
  if (now.store + change > PROPERTY_STORE_MAX_BYTES - STORE_RESERVE_BYTES) {
    throw new Error(
      `This spreadsheet's add-on data takes ${kilobytesText(now.store)} of the 500 KB Apps Script keeps per ` +
        `document: delete some ${NOUNS[section].many} first, or wait for finished jobs to be cleared (a day).`,
    );
  }
}

/**
 * Saves the form under `name` for every editor. A name already taken is replaced only when
 * `overwrite` says so: two editors saving the same name at once must not lose one unasked.
 * Answers the document's properties as they are now, so the caller lists them without a read.
 */
export function saveNamedForm(
  section: SavedFormSection,
  name: unknown,
  form: FormJson,
  overwrite: boolean,
  savedBy: string | null,
): Record<string, string> {
  const checked = checkSavedName(section, name);
  const properties = store().getProperties();
  const key = keyOf(section, checked);
  const existing = parseSaved(properties[key]);
  if (existing !== null && !overwrite) {
    throw new Error(
      `A ${NOUNS[section].one} is already called "${existing.name}": choose Overwrite to replace it, or another name.`,
    );
  }
  if (existing === null && listSavedForms(section, properties).length >= MAX_SAVED_PER_SECTION) {
    throw new Error(
      `This spreadsheet keeps up to ${MAX_SAVED_PER_SECTION} ${NOUNS[section].many}: delete one first.`,
    );
  }
  const saved: SavedForm = { name: checked, savedBy, savedAt: new Date().toISOString(), form };
  const value = JSON.stringify(saved);
  requireRoom(section, checked, key, value, properties);
  store().setProperty(key, value);
  return { ...properties, [key]: value };
}

export function deleteNamedForm(section: SavedFormSection, name: unknown): void {
  store().deleteProperty(keyOf(section, checkSavedName(section, name)));
}
