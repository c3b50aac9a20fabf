/**
 * The Lists part of the sidebar's contract (see sidebar-api.ts): AI lists, the creator lists that
 * AI search filters include or exclude. Lists are free (spec "Credits": AI list operations cost 0
 * credits); members are platform user ids of the list's platform, which is fixed at creation.
 */
import type { Platform } from '../../shared/platforms';
import type { ColumnSource } from './sidebar-api';
import type { TabOutput } from './tab-output';

/**
 * The spec sets no limit on a list's name. The add-on keeps names to what Sheets allows for a tab
 * name (100 characters), since opening a list into a tab names the tab after it.
 */
export const LIST_NAME_MAX_CHARS = 100;

/** Members an opened list shows in the sidebar; "Write members to a new tab" shows them all. */
export const LIST_MEMBERS_SHOWN = 100;

/** Cells a refusal names before it only counts the rest. */
export const LIST_PROBLEMS_NAMED = 5;

export interface ListSummary {
  id: string;
  name: string;
  platform: Platform;
  /** The API's fast estimate; null when the answer had none. Opening a list gives the exact count. */
  approximateMembers: number | null;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
}

export interface ListsOverview {
  /** Newest first. */
  lists: ListSummary[];
}

/** An opened list: its exact member count and the first members. */
export interface ListDetail {
  list: ListSummary;
  /** Exact member count. */
  members: number;
  /** The first LIST_MEMBERS_SHOWN member ids, in the order they were added. */
  shown: string[];
}

/** A list's members written into a new tab. */
export interface ListTab {
  list: ListSummary;
  /** Exact member count (the tab's data rows). */
  members: number;
  sheetName: string;
  /** e.g. "'List Summer picks'!A2". */
  destination: string;
}

/** A cell that does not hold a user id of the list's platform. */
export interface MemberProblem {
  /** e.g. "B4" (the tab is in the check's label), or "id 3" for ids the sidebar sent. */
  cell: string;
  value: string;
  /** e.g. `"@anna" is a handle, not a user id`. */
  reason: string;
}

/** Where the member ids come from. */
export type MemberInput =
  /** A column or the selection; `skipInvalid` adds the valid ids and skips cells that are not ids. */
  | { kind: 'cells'; source: ColumnSource; skipInvalid: boolean }
  /** Ids the sidebar already holds (a member shown in an opened list). */
  | { kind: 'ids'; ids: string[] };

/** What a column holds, checked against the list's platform before anything is sent. */
export interface MemberCheck {
  /** The cells read, e.g. "Leads!K2:K41". */
  label: string;
  /** Why another column than the selected one was read (handles beside a "User id" column), or null. */
  note: string | null;
  /** Non-blank cells. */
  cells: number;
  blanks: number;
  /** Distinct valid user ids: what would be sent. */
  ids: number;
  /** Valid ids seen again further down (sent once). */
  repeats: number;
  /** Cells that are not user ids of the platform, how many in all. */
  invalid: number;
  /** The first LIST_PROBLEMS_NAMED of them. */
  problems: MemberProblem[];
  /** A sentence that says all of the above. */
  summary: string;
}

/** The outcome of adding or removing members. */
export interface ListChange {
  list: ListSummary;
  /** Distinct ids sent. */
  sent: number;
  /** New members (adding) or members taken out (removing). */
  changed: number;
  /** Ids already members (adding) or not members (removing): no-ops. */
  unchanged: number;
  /** Cells skipped because they are not user ids (only with skipInvalid). */
  skipped: number;
  /** Exact member count after the change. */
  members: number;
  /** A sentence for the status line. */
  message: string;
}

export interface ListsApi {
  /** The account's lists. Free. */
  getListsOverview(): ListsOverview;
  /** Creates an empty list; its platform cannot change later. Free. */
  createAiList(platform: Platform, name: string): ListSummary;
  /** The list with its exact member count and first members. Free. */
  openAiList(listId: string): ListDetail;
  /** Every member into a new tab, or the named tab replaced or added to (issue 15). Free. */
  writeAiListToTab(listId: string, output?: TabOutput): ListTab;
  /** What a column holds for this list (ids, repeats, cells that are not ids), nothing sent. */
  checkAiListMembers(listId: string, source: ColumnSource): MemberCheck;
  /** Adds members (the worker sends 10,000 ids per call). Free. */
  addAiListMembers(listId: string, input: MemberInput): ListChange;
  /** Removes members; ids that are not members are no-ops. Free. */
  removeAiListMembers(listId: string, input: MemberInput): ListChange;
  /** Deletes the list and its members for good. Free. */
  deleteAiList(listId: string): { listId: string };
}
