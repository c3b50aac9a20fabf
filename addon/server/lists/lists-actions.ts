import { AI_LIST_MAX_MEMBERS } from '../../../shared/limits';
import { isPlatform } from '../../../shared/platforms';
import {
  LIST_MEMBERS_SHOWN,
  LIST_NAME_MAX_CHARS,
  LIST_PROBLEMS_NAMED,
  type ListChange,
  type ListDetail,
  type ListsOverview,
  type ListSummary,
  type ListTab,
  type MemberCheck,
  type MemberInput,
  type MemberProblem,
} from '../../bridge-contract/lists-api';
import type { ColumnSource } from '../../bridge-contract/sidebar-api';
import { aUserId, cellsQuotedIn, platformName, readMemberIds, type MemberIds } from './list-member-ids';
import { readMemberCells } from './list-member-source';
import { changeMembers, deleteList, fetchList, fetchLists, fetchMembers, postList } from './lists-worker';
import { formatCount, plural } from '../sheet/number-text';
import { writeTableToTab } from '../sheet/table-tab';
import { planTabOutput } from '../sheet/tab-output-plan';
import type { TabOutput } from '../../bridge-contract/tab-output';
import { WorkerCallError } from '../worker-client/worker-failure';

/**
 * What the Lists section's server functions do. Every list operation is free; what costs the user
 * something is a wrong column, so member ids are checked against the list's platform before
 * anything is sent, and a refusal names the cells and changes nothing.
 */

export function listsOverview(): ListsOverview {
  return { lists: fetchLists() };
}

/** The name as the API gets it, or a sentence saying what to change. */
function checkListName(name: unknown): string {
  const text = typeof name === 'string' ? name.replace(/\s+/g, ' ').trim() : '';
  if (text === '') throw new Error('Give the list a name, e.g. "Summer campaign".');
  if (text.length > LIST_NAME_MAX_CHARS) {
    throw new Error(
      `A list name may hold up to ${LIST_NAME_MAX_CHARS} characters; this one has ${text.length}.`,
    );
  }
  return text;
}

export function createList(platform: unknown, name: unknown): ListSummary {
  if (!isPlatform(platform)) {
    throw new Error(`Choose the list's platform: instagram, tiktok or youtube (got "${String(platform)}").`);
  }
  return postList(platform, checkListName(name));
}

export function openList(listId: string): ListDetail {
  const list = fetchList(listId);
  const members = fetchMembers(listId);
  return {
    list: { ...list, approximateMembers: members.total },
    members: members.total,
    shown: members.members.slice(0, LIST_MEMBERS_SHOWN),
  };
}

/** Every member into a new tab, or a named tab replaced or added to (issue 15). Reading is free. */
export function writeListToTab(listId: string, output?: TabOutput): ListTab {
  const list = fetchList(listId);
  const members = fetchMembers(listId);
  const place = planTabOutput({
    output: output ?? { name: '', mode: 'new' },
    fallbackName: `List ${list.name}`,
    width: members.columns.length,
    header: members.columns.map((col) => col.label),
    what: "the list's members",
  });
  const written = writeTableToTab(place, members.columns, members.rows, { kind: 'list-members', credits: 0 });
  return {
    list: { ...list, approximateMembers: members.total },
    members: members.total,
    sheetName: written.sheetName,
    destination: written.destination,
  };
}

/** `B4 "@anna" is a handle, not a user id; B9 ...; and 3 more`. */
function problemsText(problems: readonly MemberProblem[]): string {
  const named = problems
    .slice(0, LIST_PROBLEMS_NAMED)
    .map((problem) => `${problem.cell} ${problem.reason}`)
    .join('; ');
  const more = problems.length - LIST_PROBLEMS_NAMED;
  return more > 0 ? `${named}; and ${formatCount(more)} more` : named;
}

const HANDLES_HINT =
  'Lists take user ids, not handles: select the "User id" column of a search, AI search or reports tab.';

export function checkMembers(listId: string, source: ColumnSource): MemberCheck {
  const list = fetchList(listId);
  const cells = readMemberCells(source, list.platform);
  const parts = [
    `${plural(cells.ids.length, `${platformName(list.platform)} user id`)} to send` +
      (cells.repeats > 0 ? ` (${formatCount(cells.repeats)} repeated, sent once)` : ''),
  ];
  if (cells.problems.length > 0) {
    parts.push(
      `${plural(cells.problems.length, 'cell')} that ${cells.problems.length === 1 ? 'is' : 'are'} not: ${problemsText(cells.problems)}`,
    );
  }
  if (cells.blanks > 0) parts.push(`${plural(cells.blanks, 'blank cell')} skipped`);
  let summary = `${cells.label}: ${parts.join('; ')}.`;
  if (cells.handles > 0) summary += ` ${HANDLES_HINT}`;
  if (cells.ids.length > AI_LIST_MAX_MEMBERS) {
    summary += ` That is more than a list may hold (${formatCount(AI_LIST_MAX_MEMBERS)}).`;
  }
  if (cells.note !== null) summary = `${cells.note} ${summary}`;
  return {
    label: cells.label,
    note: cells.note,
    cells: cells.cells,
    blanks: cells.blanks,
    ids: cells.ids.length,
    repeats: cells.repeats,
    invalid: cells.problems.length,
    problems: cells.problems.slice(0, LIST_PROBLEMS_NAMED),
    summary,
  };
}

type Change = 'add' | 'remove';

const VERB: Readonly<Record<Change, { base: string; past: string }>> = {
  add: { base: 'add', past: 'added' },
  remove: { base: 'remove', past: 'removed' },
};

interface ChangeInput extends MemberIds {
  label: string;
  note: string | null;
  skipped: number;
}

/** The ids to send, or a sentence naming the cells that are not ids (nothing is sent then). */
function readChangeInput(list: ListSummary, input: MemberInput, change: Change): ChangeInput {
  const platform = platformName(list.platform);
  if (input.kind === 'ids') {
    const ids = readMemberIds(input.ids, list.platform, (index) => `id ${index + 1}`);
    if (ids.problems.length > 0) {
      throw new Error(`${problemsText(ids.problems)}. Nothing was ${VERB[change].past}.`);
    }
    return { ...ids, label: plural(input.ids.length, 'id'), note: null, skipped: 0 };
  }
  const cells = readMemberCells(input.source, list.platform);
  const { problems } = cells;
  if (problems.length > 0 && !input.skipInvalid) {
    const others =
      cells.ids.length > 0
        ? `, or tick "Skip cells that are not user ids" to ${VERB[change].base} the other ${formatCount(cells.ids.length)}`
        : '';
    throw new Error(
      `${plural(problems.length, 'cell')} of ${cells.label} ${problems.length === 1 ? `is not ${aUserId(list.platform)}` : `are not ${platform} user ids`}: ` +
        `${problemsText(problems)}. Nothing was ${VERB[change].past}. ` +
        (cells.handles > 0 ? `${HANDLES_HINT} ` : '') +
        `Fix ${problems.length === 1 ? 'that cell' : 'those cells'}${others}.`,
    );
  }
  return { ...cells, skipped: problems.length };
}

export function changeListMembers(listId: string, input: MemberInput, change: Change): ListChange {
  const list = fetchList(listId);
  const platform = platformName(list.platform);
  const read = readChangeInput(list, input, change);
  if (read.ids.length === 0) {
    throw new Error(
      `${read.label} holds no ${platform} user ids (${read.skipped > 0 ? `${plural(read.skipped, 'cell')} skipped, ` : ''}${plural(read.blanks, 'blank')}): nothing to ${VERB[change].base}. Select the cells with the ids.`,
    );
  }
  if (change === 'add' && read.ids.length > AI_LIST_MAX_MEMBERS) {
    throw new Error(
      `${read.label} holds ${formatCount(read.ids.length)} different user ids, more than a list may hold (${formatCount(AI_LIST_MAX_MEMBERS)}). Nothing was added.`,
    );
  }
  let result;
  try {
    result = changeMembers(listId, change, read.ids);
  } catch (error) {
    throw pointAtCells(error, read);
  }
  const unchanged = read.ids.length - result.changed;
  const message = changeMessage(list, change, result.changed, unchanged, result.total, read);
  return {
    list: { ...list, approximateMembers: result.total },
    sent: read.ids.length,
    changed: result.changed,
    unchanged,
    skipped: read.skipped,
    members: result.total,
    message,
  };
}

/** The API names refused ids in quotes; the user needs the cells they came from. */
function pointAtCells(error: unknown, read: ChangeInput): unknown {
  if (!(error instanceof WorkerCallError)) return error;
  const cells = cellsQuotedIn(error.message, read.cellOf);
  if (cells.length === 0) return error;
  const named = cells.slice(0, LIST_PROBLEMS_NAMED).join(', ');
  const more =
    cells.length > LIST_PROBLEMS_NAMED ? ` and ${formatCount(cells.length - LIST_PROBLEMS_NAMED)} more` : '';
  return new WorkerCallError(
    error.status,
    error.code,
    `${error.message} (cells ${named}${more} of ${read.label})`,
  );
}

function changeMessage(
  list: ListSummary,
  change: Change,
  changed: number,
  unchanged: number,
  total: number,
  read: ChangeInput,
): string {
  const name = `"${list.name}"`;
  const noOps =
    unchanged === 0
      ? ''
      : change === 'add'
        ? ` (${formatCount(unchanged)} ${unchanged === 1 ? 'was' : 'were'} already in it)`
        : ` (${formatCount(unchanged)} ${unchanged === 1 ? 'was' : 'were'} not in it)`;
  const done =
    change === 'add'
      ? `Added ${plural(changed, 'member')} to ${name}${noOps}`
      : `Removed ${plural(changed, 'member')} from ${name}${noOps}`;
  const parts = [
    `${done}; it now holds ${formatCount(total)} of at most ${formatCount(AI_LIST_MAX_MEMBERS)}.`,
  ];
  if (read.skipped > 0) {
    const cells = read.problems.slice(0, LIST_PROBLEMS_NAMED).map((problem) => problem.cell);
    const more = read.skipped > cells.length ? `, and ${formatCount(read.skipped - cells.length)} more` : '';
    parts.push(
      `Skipped ${plural(read.skipped, 'cell')} that ${read.skipped === 1 ? 'is' : 'are'} not user ids (${cells.join(', ')}${more}).`,
    );
  }
  if (read.note !== null) parts.push(read.note);
  return parts.join(' ');
}

export function removeList(listId: string): { listId: string } {
  deleteList(listId);
  return { listId };
}
