import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import { isPlatform } from '../../../shared/platforms';
import type { Column, Row } from '../../../shared/rows/columns';
import type { ListSummary } from '../../bridge-contract/lists-api';
import {
  asRecord,
  columnsAt,
  numberAt,
  optionalNumberAt,
  rowsAt,
  stringAt,
  type JsonRecord,
} from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { WorkerCallError } from '../worker-client/worker-failure';

/**
 * The worker's AI list routes (worker/src/operations/ai-lists-router.ts), one function each, with
 * their answers read by hand like the rest of the add-on's answers (worker-answers.ts).
 */

function unexpected(what: string): WorkerCallError {
  return new WorkerCallError(
    200,
    'unexpected_answer',
    `The worker's answer lacks ${what}: is the add-on as new as the worker?`,
  );
}

function readList(value: unknown): ListSummary {
  const record = asRecord(value, 'a list');
  const platform = stringAt(record, 'platform');
  if (!isPlatform(platform)) throw unexpected('a known platform');
  return {
    id: stringAt(record, 'id'),
    name: stringAt(record, 'name'),
    platform,
    approximateMembers: optionalNumberAt(record, 'approximateMemberCount'),
    createdAt: stringAt(record, 'createdAt'),
    updatedAt: stringAt(record, 'updatedAt'),
  };
}

function listAt(record: JsonRecord): ListSummary {
  return readList(record.list);
}

/** `GET /api/ai/lists`: the account's lists, newest first. */
export function fetchLists(): ListSummary[] {
  const record = asRecord(callRoute(WORKER_ROUTES.aiLists, {}), 'lists');
  if (!Array.isArray(record.lists)) throw unexpected('"lists"');
  return record.lists
    .map(readList)
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** `POST /api/ai/lists`. */
export function postList(platform: string, name: string): ListSummary {
  return listAt(asRecord(callRoute(WORKER_ROUTES.newAiList, { body: { platform, name } }), 'the new list'));
}

/** `GET /api/ai/lists/:id`: strongly consistent metadata. */
export function fetchList(listId: string): ListSummary {
  return listAt(asRecord(callRoute(WORKER_ROUTES.aiList, { params: { id: listId } }), 'the list'));
}

/** `DELETE /api/ai/lists/:id`. */
export function deleteList(listId: string): void {
  callRoute(WORKER_ROUTES.deleteAiList, { params: { id: listId } });
}

interface ListMembers {
  /** Exact count. */
  total: number;
  members: string[];
  columns: Column[];
  rows: Row[];
}

/** `GET /api/ai/lists/:id/members`: every member (the worker reads the pages) and the exact count. */
export function fetchMembers(listId: string): ListMembers {
  const record = asRecord(callRoute(WORKER_ROUTES.aiListMembers, { params: { id: listId } }), 'the members');
  if (!Array.isArray(record.members)) throw unexpected('"members"');
  return {
    total: numberAt(record, 'total'),
    members: record.members.map((id) => String(id)),
    columns: columnsAt(record, 'columns'),
    rows: rowsAt(record, 'rows'),
  };
}

interface MembersChanged {
  /** New members, or members taken out. */
  changed: number;
  /** Exact count after. */
  total: number;
}

/**
 * `POST /api/ai/lists/:id/members` or `.../members/remove` `{ ids }`: the worker sends them 10,000
 * per call. Removal is a POST, not `DELETE .../members`: UrlFetchApp is not to be relied on to
 * send a DELETE's body.
 */
export function changeMembers(
  listId: string,
  change: 'add' | 'remove',
  ids: readonly string[],
): MembersChanged {
  const route = change === 'add' ? WORKER_ROUTES.addAiListMembers : WORKER_ROUTES.removeAiListMembers;
  const record = asRecord(
    callRoute(route, { params: { id: listId }, body: { ids: [...ids] } }),
    'the change',
  );
  return {
    changed: numberAt(record, change === 'add' ? 'added' : 'removed'),
    total: numberAt(record, 'total'),
  };
}
