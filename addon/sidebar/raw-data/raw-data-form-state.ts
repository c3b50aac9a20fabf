import { isRecord } from '../../../shared/rows/cell-values';
import { rawOperation, type RawOperation, type RawParam } from '../../bridge-contract/raw-data-operations';
import { type RawFormValues, suggestRawTabName } from '../../bridge-contract/raw-data-request';
import { isTabWriteMode, type TabWriteMode } from '../../bridge-contract/tab-output';
import type { RawFeedUsage } from '../../bridge-contract/raw-data-api';

/**
 * What the Raw data form holds across operations, so that nothing typed is lost: switching from
 * "User posts" to "User reels" keeps the account, and switching back finds every value as it was.
 * A value belongs to what it means (platform, parameter and label: an Instagram account, a TikTok
 * video), not to one operation; a cursor belongs to its operation only, since it pages one feed.
 */
export interface RawFormState {
  operation: string;
  /** Typed values by `valueKey`. */
  values: Record<string, string>;
  pages: string;
  untilDone: boolean;
  allFields: boolean;
  tabName: string;
  /** The user typed a tab name: stop suggesting one. */
  tabNameEdited: boolean;
  /** A new tab each pull, or the named tab replaced or added to (issue 15). */
  tabMode: TabWriteMode;
  /**
   * A cursor put in by a pull that stopped before its feed's end, with the query it continues: it
   * is taken out again when that query changes, since it would page another feed.
   */
  offered: { operation: string; cursor: string; subject: string } | null;
}

export const DEFAULT_RAW_PAGES = '5';

export function initialRawFormState(operation: string): RawFormState {
  return {
    operation,
    values: {},
    pages: DEFAULT_RAW_PAGES,
    untilDone: false,
    allFields: false,
    tabName: suggestRawTabName(operation, {}),
    tabNameEdited: false,
    tabMode: 'new',
    offered: null,
  };
}

/** Where a parameter's value is kept. */
export function valueKey(operation: RawOperation, item: RawParam): string {
  return item.cursor ? `${operation.id}|${item.name}` : `${operation.platform}|${item.name}|${item.label}`;
}

function paramsOf(state: RawFormState, operation: RawOperation | null): Record<string, string> {
  const params: Record<string, string> = {};
  if (operation === null) return params;
  for (const item of operation.params) params[item.name] = state.values[valueKey(operation, item)] ?? '';
  return params;
}

/** The non-cursor parameters as one text: what a cursor was handed out for. */
function subjectOf(operation: RawOperation, params: Record<string, string>): string {
  return JSON.stringify(
    operation.params.filter((item) => !item.cursor).map((item) => (params[item.name] ?? '').trim()),
  );
}

export function paramValue(state: RawFormState, item: RawParam): string {
  const operation = rawOperation(state.operation);
  return operation === null ? '' : (state.values[valueKey(operation, item)] ?? '');
}

/** The form as the request builder reads it. */
export function rawFormValues(state: RawFormState): RawFormValues {
  return {
    operation: state.operation,
    params: paramsOf(state, rawOperation(state.operation)),
    pages: state.pages,
    untilDone: state.untilDone,
    allFields: state.allFields,
    tabName: state.tabName,
    tabMode: state.tabMode,
  };
}

function withSuggestedName(state: RawFormState): RawFormState {
  if (state.tabNameEdited) return state;
  return {
    ...state,
    tabName: suggestRawTabName(state.operation, paramsOf(state, rawOperation(state.operation))),
  };
}

/** Drops an offered cursor whose query has changed since. */
function withOfferChecked(state: RawFormState): RawFormState {
  const offered = state.offered;
  if (offered === null) return state;
  const operation = rawOperation(offered.operation);
  const cursor = operation?.params.find((item) => item.cursor);
  if (operation === undefined || operation === null || cursor === undefined)
    return { ...state, offered: null };
  const key = valueKey(operation, cursor);
  if (state.values[key] !== offered.cursor) return { ...state, offered: null };
  if (subjectOf(operation, paramsOf(state, operation)) === offered.subject) return state;
  const values = { ...state.values };
  delete values[key];
  return { ...state, values, offered: null };
}

export function selectOperation(state: RawFormState, operation: string): RawFormState {
  return withSuggestedName({ ...state, operation });
}

export function setParam(state: RawFormState, name: string, value: string): RawFormState {
  const operation = rawOperation(state.operation);
  const item = operation?.params.find((candidate) => candidate.name === name);
  if (operation === null || item === undefined) return state;
  const values = { ...state.values, [valueKey(operation, item)]: value };
  return withSuggestedName(withOfferChecked({ ...state, values }));
}

export function setTabName(state: RawFormState, tabName: string): RawFormState {
  const edited = tabName.trim() !== '';
  return withSuggestedName({ ...state, tabName, tabNameEdited: edited });
}

/**
 * After a feed stopped before its end: its cursor goes into the operation's cursor field, so that
 * pulling again goes on from there. Only while the form still asks for that same feed.
 */
export function offerCursor(
  state: RawFormState,
  usage: RawFeedUsage,
  query: Record<string, string>,
): RawFormState {
  const operation = rawOperation(usage.operation);
  const cursor = operation?.params.find((item) => item.cursor);
  if (!usage.more || usage.cursor === null || operation === null || cursor === undefined) return state;
  const subject = subjectOf(operation, query);
  if (subjectOf(operation, paramsOf(state, operation)) !== subject) return state;
  return {
    ...state,
    values: { ...state.values, [valueKey(operation, cursor)]: usage.cursor },
    offered: { operation: operation.id, cursor: usage.cursor, subject },
  };
}

/** What is kept of the form (issue 15): no offered cursor, and the tab's name only when typed. */
export function keptRawForm(state: RawFormState): Omit<RawFormState, 'offered'> {
  const { offered: _offered, ...kept } = state;
  return { ...kept, tabName: state.tabNameEdited ? state.tabName : '' };
}

function textsOf(value: unknown): Record<string, string> {
  const texts: Record<string, string> = {};
  if (!isRecord(value)) return texts;
  for (const [key, text] of Object.entries(value)) if (typeof text === 'string') texts[key] = text;
  return texts;
}

/**
 * Keys an older version kept values under, and where they are kept now: Instagram's search text
 * was `query` before the service was seen to want `keyword`.
 */
const RENAMED_KEYS: Readonly<Record<string, string>> = {
  'instagram|query|Search text': 'instagram|keyword|Search text',
};

function withRenamedKeys(values: Record<string, string>): Record<string, string> {
  const renamed = { ...values };
  for (const [older, key] of Object.entries(RENAMED_KEYS)) {
    if (!(older in renamed)) continue;
    renamed[key] ??= renamed[older];
    delete renamed[older];
  }
  return renamed;
}

/**
 * A kept form as the form's state, read defensively (an older version's, another editor's): an
 * operation the catalogue no longer has falls back to `fallbackOperation`.
 */
export function readKeptRawForm(kept: unknown, fallbackOperation: string): RawFormState {
  const record = isRecord(kept) ? kept : {};
  const operation =
    typeof record.operation === 'string' && rawOperation(record.operation) !== null
      ? record.operation
      : fallbackOperation;
  const tabName = typeof record.tabName === 'string' ? record.tabName : '';
  const state: RawFormState = {
    ...initialRawFormState(operation),
    values: withRenamedKeys(textsOf(record.values)),
    pages: typeof record.pages === 'string' ? record.pages : DEFAULT_RAW_PAGES,
    untilDone: record.untilDone === true,
    allFields: record.allFields === true,
    tabMode: isTabWriteMode(record.tabMode) ? record.tabMode : 'new',
  };
  return tabName.trim() === '' ? selectOperation(state, operation) : setTabName(state, tabName);
}
