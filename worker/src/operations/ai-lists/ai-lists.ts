import {
  AI_LIST_MAX_IDS_PER_CHANGE,
  AI_LIST_MAX_MEMBERS,
  AI_LISTS_PER_ACCOUNT,
} from '../../../../shared/limits';
import type { Platform } from '../../../../shared/platforms';
import { AI_LIST_MEMBERS_MAX_PAGE_SIZE } from '../../../../shared/requests/ai-lists';
import {
  aiListCreateResponseSchema,
  aiListDeleteResponseSchema,
  aiListMembersAddResponseSchema,
  aiListMembersRemoveResponseSchema,
  aiListMembersResponseSchema,
  aiListResponseSchema,
  aiListsResponseSchema,
  type AiList,
  type AiListResponse,
} from '../../../../shared/responses/ai-search';
import { column, type Column, type Row, withOptionalHeader } from '../../../../shared/rows/columns';
import type {
  AiListAnswer,
  AiListChangeAnswer,
  AiListDeletedAnswer,
  AiListMembersAnswer,
  AiListsAnswer,
  OwnedAiList,
} from '../../../../shared/worker-api/ai-lists';
import { toWorkerError } from '../../request-io/error-answer';
import { WorkerError } from '../../request-io/worker-error';
import type { Identity } from '../../identity/identity';
import type { OperationDeps } from '../operation-deps';

/**
 * AI lists (free): the include/exclude lists of AI search filters. The lists belong to the API
 * account the worker spends from, so every user of the worker sees the same lists; the worker
 * remembers who created each (store/ai-list-owner-repository.ts): members change only their own
 * lists, admins any, and only admins the lists created outside this worker.
 */

const AI_LIST_COLUMNS: readonly Column[] = [
  column('id', 'List id', 'text'),
  column('name', 'Name', 'text'),
  column('platform', 'Platform', 'text'),
  column('members', 'Members (approx.)', 'integer'),
  column('created', 'Created', 'date'),
  column('updated', 'Updated', 'date'),
];

const AI_LIST_MEMBER_COLUMNS: readonly Column[] = [column('user_id', 'User id', 'text')];

/** Pages of members read at most: a full list (70,000) in 7 pages of 10,000, with room to spare. */
const MAX_MEMBER_PAGES = Math.ceil(AI_LIST_MAX_MEMBERS / AI_LIST_MEMBERS_MAX_PAGE_SIZE) + 3;

function listRow(list: AiList): Row {
  return [
    list.id,
    list.name ?? null,
    list.platform ?? null,
    list.approximateMemberCount ?? null,
    list.createdAt?.slice(0, 10) ?? null,
    list.updatedAt?.slice(0, 10) ?? null,
  ];
}

export async function readAiLists(
  deps: OperationDeps,
  options: { withHeader?: boolean } = {},
): Promise<AiListsAnswer> {
  const { lists } = await deps.upstream.request('aiListsGet', {
    schema: aiListsResponseSchema,
  });
  const owners = await deps.store.aiListOwners.ownersOf(lists.map((list) => list.id));
  return {
    lists: lists.map((list) => ({ ...list, owner: owners.get(list.id) ?? null })),
    header: AI_LIST_COLUMNS.map((col) => col.label),
    columns: [...AI_LIST_COLUMNS],
    rows: withOptionalHeader(AI_LIST_COLUMNS, lists.map(listRow), options),
  };
}

/**
 * Creates an empty list owned by the caller; past the account's 20,000 lists the answer says so
 * before asking.
 */
export async function createAiList(
  deps: OperationDeps,
  identity: Identity,
  input: { platform: Platform; name: string },
): Promise<AiListAnswer> {
  const { lists } = await deps.upstream.request('aiListsGet', {
    schema: aiListsResponseSchema,
  });
  if (lists.length >= AI_LISTS_PER_ACCOUNT) {
    throw new WorkerError(
      409,
      'limit_reached',
      `The API account already holds ${lists.length} AI lists, the most it may have (${AI_LISTS_PER_ACCOUNT}); delete one first`,
    );
  }
  const { list } = await deps.upstream.request('aiListCreate', {
    body: { platform: input.platform, name: input.name },
    schema: aiListCreateResponseSchema,
  });
  await deps.store.aiListOwners.record(list.id, identity.email);
  return { list: { ...list, owner: identity.email } };
}

export async function readAiList(
  deps: OperationDeps,
  listId: string,
): Promise<{ list: OwnedAiList<AiListResponse['list']> }> {
  const { list } = await deps.upstream.request('aiListGet', {
    params: { listId },
    schema: aiListResponseSchema,
  });
  return { list: { ...list, owner: await deps.store.aiListOwners.ownerOf(list.id) } };
}

/**
 * Refuses (403) a member who is not the list's owner, naming who may change it. Nothing is asked
 * of the API first, except for a list without an owner here: then a list that does not exist
 * answers 404 like for an admin, rather than a refusal about a list that is not there.
 */
async function requireListManager(
  deps: OperationDeps,
  identity: Identity,
  listId: string,
  action: string,
): Promise<void> {
  if (identity.role === 'admin') return;
  const owner = await deps.store.aiListOwners.ownerOf(listId);
  if (owner === identity.email) return;
  if (owner === null) {
    const { list } = await readAiList(deps, listId);
    throw new WorkerError(
      403,
      'forbidden',
      `Only an admin may ${action} the list "${list.name ?? listId}": it was not created through this worker, so it has no owner here`,
    );
  }
  throw new WorkerError(
    403,
    'forbidden',
    `Only ${owner}, who created the list ${listId}, or an admin may ${action} it`,
  );
}

export async function deleteAiList(
  deps: OperationDeps,
  identity: Identity,
  listId: string,
): Promise<AiListDeletedAnswer> {
  await requireListManager(deps, identity, listId, 'delete');
  await deps.upstream.request('aiListDelete', {
    params: { listId },
    schema: aiListDeleteResponseSchema,
  });
  await deps.store.aiListOwners.forget(listId);
  return { listId, deleted: true };
}

/** Every member, page by page (10,000 a page), with the exact count. */
export async function readAiListMembers(
  deps: OperationDeps,
  listId: string,
  options: { withHeader?: boolean } = {},
): Promise<AiListMembersAnswer> {
  const members: string[] = [];
  let total = 0;
  for (let page = 0; page < MAX_MEMBER_PAGES; page += 1) {
    const answer = await deps.upstream.request('aiListMembersGet', {
      params: { listId },
      query: { page, limit: AI_LIST_MEMBERS_MAX_PAGE_SIZE },
      schema: aiListMembersResponseSchema,
    });
    members.push(...answer.members);
    total = answer.total ?? members.length;
    if (answer.more_available !== true || answer.members.length === 0) break;
  }
  return {
    listId,
    total,
    members,
    header: AI_LIST_MEMBER_COLUMNS.map((col) => col.label),
    columns: [...AI_LIST_MEMBER_COLUMNS],
    rows: withOptionalHeader(
      AI_LIST_MEMBER_COLUMNS,
      members.map((id) => [id]),
      options,
    ),
  };
}

/**
 * Adds any number of ids, 10,000 per call. What can be known beforehand is refused before the
 * first call: more distinct ids than a list may hold, or (reading the members when the estimate
 * says it may come to that) more new members than the list has room for.
 */
export async function addAiListMembers(
  deps: OperationDeps,
  identity: Identity,
  listId: string,
  ids: readonly string[],
): Promise<AiListChangeAnswer> {
  await requireListManager(deps, identity, listId, 'add members to');
  if (ids.length > AI_LIST_MAX_MEMBERS) {
    throw tooMany(`ids hold ${ids.length} different ids, more than a list may hold (${AI_LIST_MAX_MEMBERS})`);
  }
  if (ids.length === 0) return emptyChange(deps, listId, 'added');
  const { list } = await readAiList(deps, listId);
  const approximate = list.approximateMemberCount;
  if (approximate === undefined || approximate + ids.length > AI_LIST_MAX_MEMBERS) {
    // Ids already in the list are no-ops: only the exact members tell whether the new ones fit.
    const current = new Set((await readAiListMembers(deps, listId)).members);
    const fresh = ids.filter((id) => !current.has(id)).length;
    if (current.size + fresh > AI_LIST_MAX_MEMBERS) {
      throw tooMany(
        `list "${list.name ?? listId}" holds ${current.size} members; ${fresh} new ones would take it past the ${AI_LIST_MAX_MEMBERS} a list may hold`,
      );
    }
  }
  return changeInChunks(deps, listId, ids, 'added');
}

/** Removes any number of ids, 10,000 per call; ids that are not members are no-ops. */
export async function removeAiListMembers(
  deps: OperationDeps,
  identity: Identity,
  listId: string,
  ids: readonly string[],
): Promise<AiListChangeAnswer> {
  await requireListManager(deps, identity, listId, 'remove members from');
  if (ids.length === 0) return emptyChange(deps, listId, 'removed');
  return changeInChunks(deps, listId, ids, 'removed');
}

function tooMany(message: string): WorkerError {
  return new WorkerError(400, 'limit_reached', message);
}

async function emptyChange(
  deps: OperationDeps,
  listId: string,
  counted: 'added' | 'removed',
): Promise<AiListChangeAnswer> {
  const { list } = await readAiList(deps, listId);
  return { listId, sent: 0, calls: 0, [counted]: 0, total: list.approximateMemberCount ?? null };
}

async function changeInChunks(
  deps: OperationDeps,
  listId: string,
  ids: readonly string[],
  counted: 'added' | 'removed',
): Promise<AiListChangeAnswer> {
  let changed = 0;
  let total: number | null = null;
  let calls = 0;
  for (let start = 0; start < ids.length; start += AI_LIST_MAX_IDS_PER_CHANGE) {
    const chunk = ids.slice(start, start + AI_LIST_MAX_IDS_PER_CHANGE);
    try {
      if (counted === 'added') {
        const answer = await deps.upstream.request('aiListMembersAdd', {
          params: { listId },
          body: { ids: chunk },
          schema: aiListMembersAddResponseSchema,
        });
        changed += answer.added ?? 0;
        total = answer.total ?? null;
      } else {
        const answer = await deps.upstream.request('aiListMembersRemove', {
          params: { listId },
          body: { ids: chunk },
          schema: aiListMembersRemoveResponseSchema,
        });
        changed += answer.removed ?? 0;
        total = answer.total ?? null;
      }
      calls += 1;
    } catch (error) {
      const answer = toWorkerError(error);
      const done =
        start === 0
          ? 'nothing was changed'
          : `the ${start} ids before them were sent (${changed} ${counted})`;
      throw new WorkerError(
        answer.status,
        answer.code,
        `${answer.message} (ids ${start + 1} to ${start + chunk.length} of ${ids.length}; ${done})`,
        answer.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: answer.retryAfterSeconds },
      );
    }
  }
  return { listId, sent: ids.length, calls, [counted]: changed, total };
}
