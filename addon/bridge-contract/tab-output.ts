/**
 * How a table meets the tab it is written into (issue 15, "Nothing is kept"): a new tab each run
 * (a number added to the name when it is taken), or the tab of that name, made when missing, whose
 * contents are replaced, or below whose table the rows are added (its header checked first).
 */
export type TabWriteMode = 'new' | 'replace' | 'append';

const TAB_WRITE_MODES: readonly TabWriteMode[] = ['new', 'replace', 'append'];

/** A tab of the user's naming and what to do with it. */
export interface TabOutput {
  /** The tab's name; blank for the name the action suggests. */
  name: string;
  mode: TabWriteMode;
}

export function isTabWriteMode(value: unknown): value is TabWriteMode {
  return typeof value === 'string' && (TAB_WRITE_MODES as readonly string[]).includes(value);
}

/** What a saved value or a payload says, read as a mode: "new" unless it names another one. */
export function tabWriteModeOf(value: unknown): TabWriteMode {
  return isTabWriteMode(value) ? value : 'new';
}
