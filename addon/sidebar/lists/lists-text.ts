import {
  AI_LIST_MAX_IDS_PER_CHANGE,
  AI_LIST_MAX_MEMBERS,
  AI_LISTS_PER_ACCOUNT,
} from '../../../shared/limits';
import type { Platform } from '../../../shared/platforms';
import {
  LIST_NAME_MAX_CHARS,
  type ListDetail,
  type ListSummary,
  type MemberCheck,
} from '../../bridge-contract/lists-api';
import { countOf, formatCount } from '../ui/count-text';
import type { Fact } from '../ui/estimate-text';
import { PLATFORM_NAMES } from '../search/search-options';

/** What the Lists section says: limits, counts, and the questions it asks. */

/** Every list operation is free (spec "Credits": AI list operations, 0 credits). */
export const LISTS_COST_TEXT =
  'Lists are free: creating, filling, reading and deleting them costs no credits.';

/** The API's limits, as limits: shown before anyone runs into them. */
export function listLimitsFacts(listCount: number | null): Fact[] {
  return [
    {
      label: 'Lists',
      value:
        listCount === null
          ? `up to ${formatCount(AI_LISTS_PER_ACCOUNT)}`
          : `${formatCount(listCount)} of up to ${formatCount(AI_LISTS_PER_ACCOUNT)}`,
    },
    { label: 'Members per list', value: `up to ${formatCount(AI_LIST_MAX_MEMBERS)}` },
    {
      label: 'Ids per API call',
      value: `${formatCount(AI_LIST_MAX_IDS_PER_CHANGE)}; longer columns go in batches`,
    },
    { label: 'Name', value: `up to ${LIST_NAME_MAX_CHARS} characters` },
  ];
}

/** What a member id looks like on the platform. */
export function memberIdHint(platform: Platform): string {
  const shape = platform === 'youtube' ? 'channel ids (UC followed by 22 characters)' : 'numeric user ids';
  return (
    `Members are ${PLATFORM_NAMES[platform]} ${shape}, not handles. Select the "User id" column of a ` +
    'search, AI search or reports tab (selecting its Handle column or whole rows works too), or any column of ids.'
  );
}

/** "1 May 2026" from an ISO time; the text itself when it is not one. */
export function dateText(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (match === null) return iso;
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${Number(match[3])} ${months[Number(match[2]) - 1] ?? match[2]} ${match[1]}`;
}

/** "Instagram · about 1,234 members · created 1 May 2026" (the count is the API's estimate). */
export function listLine(list: ListSummary): string {
  const members =
    list.approximateMembers === null
      ? 'members not counted yet'
      : `about ${countOf(list.approximateMembers, 'member')}`;
  return `${PLATFORM_NAMES[list.platform]} · ${members} · created ${dateText(list.createdAt)}`;
}

/** "1,234 (exact), room for 68,766 more". */
export function membersText(members: number): string {
  const room = Math.max(0, AI_LIST_MAX_MEMBERS - members);
  return `${formatCount(members)} (exact) of up to ${formatCount(AI_LIST_MAX_MEMBERS)}; room for ${formatCount(room)} more`;
}

export function listFacts(detail: ListDetail): Fact[] {
  return [
    { label: 'Platform', value: `${PLATFORM_NAMES[detail.list.platform]} (fixed)` },
    { label: 'Members', value: membersText(detail.members) },
    { label: 'Created', value: dateText(detail.list.createdAt) },
    { label: 'List id', value: detail.list.id },
  ];
}

/** Under the members shown: how many more there are, or that the list is empty. */
export function shownMembersText(detail: ListDetail): string {
  if (detail.members === 0) return 'No members yet: add some below.';
  if (detail.shown.length >= detail.members) return `All ${countOf(detail.members, 'member')}.`;
  return `The first ${formatCount(detail.shown.length)} of ${countOf(detail.members, 'member')}; write them to a tab to see them all.`;
}

/** The question before a delete: what goes, and that it cannot come back. */
export function deleteQuestion(detail: ListDetail): string {
  return (
    `Delete "${detail.list.name}" and its ${countOf(detail.members, 'member')}? ` +
    'This cannot be undone, and AI searches that include or exclude it will no longer find it.'
  );
}

export function checkFacts(check: MemberCheck): Fact[] {
  return [
    { label: 'Cells read', value: check.label },
    { label: 'User ids to send', value: formatCount(check.ids) },
    { label: 'Repeated (sent once)', value: formatCount(check.repeats) },
    { label: 'Not user ids', value: formatCount(check.invalid) },
    { label: 'Blank', value: formatCount(check.blanks) },
    { label: 'Cost', value: 'free' },
  ];
}

/** The tab line of a written list. */
export function writtenText(members: number, sheetName: string): string {
  return `Wrote ${countOf(members, 'member')} into the tab "${sheetName}".`;
}

/** "Showing 50 of 1,234 lists: ..." when not all matching lists show, or what to do when none does. */
export function moreListsText(shown: number, matching: number, total: number): string | null {
  if (total === 0) return 'No lists yet: create the first one above.';
  if (matching === 0) return 'No list matches: try another part of the name.';
  if (shown >= matching) return null;
  return `Showing ${formatCount(shown)} of ${formatCount(matching)} lists: type part of a name to find the others.`;
}
