import type { Platform } from '../../../shared/platforms';
import type {
  ListChange,
  ListDetail,
  ListsOverview,
  ListSummary,
  ListTab,
  MemberCheck,
  MemberInput,
} from '../../bridge-contract/lists-api';
import type { ColumnSource } from '../../bridge-contract/sidebar-api';
import type { TabOutput } from '../../bridge-contract/tab-output';
import {
  changeListMembers,
  checkMembers,
  createList,
  listsOverview,
  openList,
  removeList,
  writeListToTab,
} from './lists-actions';

/**
 * Server functions of the Lists section (addon/bridge-contract/lists-api.ts), one per member of ListsApi.
 * AI list operations cost no credits. Each failure reaches the sidebar as a sentence.
 */

/** Sidebar: the account's AI lists, newest first. Free. */
export function getListsOverview(): ListsOverview {
  return listsOverview();
}

/** Sidebar: creates an empty AI list; its platform is fixed from now on. Free. */
export function createAiList(platform: Platform, name: string): ListSummary {
  return createList(platform, name);
}

/** Sidebar: an AI list with its exact member count and first members. Free. */
export function openAiList(listId: string): ListDetail {
  return openList(listId);
}

/** Sidebar: writes every member of an AI list into a new tab, or a named tab replaced or added to. Free. */
export function writeAiListToTab(listId: string, output?: TabOutput): ListTab {
  return writeListToTab(listId, output);
}

/** Sidebar: what a column holds for an AI list (ids, repeats, cells that are not ids); sends nothing. */
export function checkAiListMembers(listId: string, source: ColumnSource): MemberCheck {
  return checkMembers(listId, source);
}

/** Sidebar: adds member ids to an AI list (any number; 10,000 per API call). Free. */
export function addAiListMembers(listId: string, input: MemberInput): ListChange {
  return changeListMembers(listId, input, 'add');
}

/** Sidebar: removes member ids from an AI list; ids that are not members are no-ops. Free. */
export function removeAiListMembers(listId: string, input: MemberInput): ListChange {
  return changeListMembers(listId, input, 'remove');
}

/** Sidebar: deletes an AI list and its members for good. Free. */
export function deleteAiList(listId: string): { listId: string } {
  return removeList(listId);
}
