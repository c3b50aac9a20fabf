import { z } from 'zod';
import { AI_LIST_MAX_IDS_PER_CHANGE } from '../../../../shared/limits';
import {
  aiListCreateRequestSchema,
  aiListMembersQuerySchema,
  aiListPathSchema,
} from '../../../../shared/requests/ai-lists';
import { text } from '../../../../shared/requests/fields';
import type { AiList } from '../../../../shared/responses/ai-search';
import type { PlatformCreators, World } from '../../data';
import type { HandlerContext, SandboxHandlers } from '../../operation-handler';
import { parseWith } from '../../parse-with';
import { SandboxError } from '../../sandbox-error';
import type { AiListMember, AiListRecord } from './ai-list-store';
import type { AiStateOf } from './ai-state';

/**
 * `/ai/lists...`: free, per account, strongly consistent. Members are platform user ids of the
 * list's platform (fixed at creation); usernames are refused with the id to use instead.
 */

/** How many unknown ids an error names before it only counts the rest. */
const NAMED_UNKNOWN_IDS = 5;

/**
 * The body of a members change as the service reads it. The spec's rules ("existing members are
 * no-ops", "missing members are no-ops") read literally: an id repeated within one request is
 * already a member (or already gone) by the time it is reached, so it changes nothing more and is
 * counted once; the limit is on unique ids. The shared request schema refuses repeats: that is the
 * worker's rule for its own users, stricter than the service's.
 */
const membersChangeSchema = z.looseObject({
  ids: z.array(text()).superRefine((ids, ctx) => {
    const unique = new Set(ids).size;
    if (unique < 1 || unique > AI_LIST_MAX_IDS_PER_CHANGE) {
      ctx.addIssue({
        code: 'custom',
        message: `must hold 1 to ${AI_LIST_MAX_IDS_PER_CHANGE} unique ids, got ${unique}`,
        input: ids,
      });
    }
  }),
});

export function aiListHandlers(stateOf: AiStateOf): SandboxHandlers<World> {
  const storeOf = (context: HandlerContext<World>) => stateOf(context.world).lists;
  return {
    aiListCreate: (context) => {
      const { platform, name } = parseWith(aiListCreateRequestSchema, context.body);
      const record = storeOf(context).create(context.account.token, platform, name, context.now());
      return { body: { error: false, list: listView(record) } };
    },

    aiListsGet: (context) => ({
      body: { error: false, lists: storeOf(context).all(context.account.token).map(listView) },
    }),

    aiListGet: (context) => {
      const { listId } = parseWith(aiListPathSchema, context.params);
      return { body: { error: false, list: listView(storeOf(context).get(context.account.token, listId)) } };
    },

    aiListDelete: (context) => {
      const { listId } = parseWith(aiListPathSchema, context.params);
      storeOf(context).delete(context.account.token, listId);
      return { body: { error: false, listId } };
    },

    aiListMembersGet: (context) => {
      const { listId } = parseWith(aiListPathSchema, context.params);
      const query = parseWith(aiListMembersQuerySchema, context.query);
      const record = storeOf(context).get(context.account.token, listId);
      const offset =
        query.cursor === undefined ? (query.page ?? 0) * query.limit : readCursor(query.cursor, listId);
      const ids = [...record.members.keys()];
      const members = ids.slice(offset, offset + query.limit);
      const more = offset + members.length < ids.length;
      return {
        body: {
          error: false,
          listId,
          members,
          total: ids.length,
          page: Math.floor(offset / query.limit),
          pageSize: query.limit,
          more_available: more,
          // Beyond the schema: the cursor the query also accepts, for clients that prefer one.
          cursor: more ? writeCursor(listId, offset + members.length) : null,
        },
      };
    },

    aiListMembersAdd: (context) => {
      const { listId } = parseWith(aiListPathSchema, context.params);
      const { ids } = parseWith(membersChangeSchema, context.body);
      const store = storeOf(context);
      const record = store.get(context.account.token, listId);
      const members = resolveMembers(context.world.platform(record.platform), ids);
      return { body: { error: false, ...store.add(context.account.token, listId, members, context.now()) } };
    },

    aiListMembersRemove: (context) => {
      const { listId } = parseWith(aiListPathSchema, context.params);
      const { ids } = parseWith(membersChangeSchema, context.body);
      const result = storeOf(context).remove(context.account.token, listId, ids, context.now());
      return { body: { error: false, ...result } };
    },
  };
}

function listView(record: AiListRecord): AiList {
  return {
    id: record.id,
    name: record.name,
    platform: record.platform,
    createdAt: new Date(record.createdAt).toISOString(),
    updatedAt: new Date(record.updatedAt).toISOString(),
    // The sandbox knows the exact count at once; an exact count is a fine estimate.
    approximateMemberCount: record.members.size,
  };
}

/** Every id must be a user id of the list's platform; the error names the ones that are not. */
function resolveMembers(pc: PlatformCreators, ids: readonly string[]): AiListMember[] {
  const members: AiListMember[] = [];
  const unknown: string[] = [];
  for (const [position, userId] of ids.entries()) {
    const index = pc.indexOfUserId(userId);
    // indexOfUserId also accepts a TikTok secUid; a member must be the user id itself.
    if (index >= 0 && pc.userId(index) === userId) {
      members.push({ userId, index });
      continue;
    }
    const byName = pc.indexOfUsername(userId);
    unknown.push(
      byName >= 0
        ? `ids[${position}] "${userId}" is a username; use its user id "${pc.userId(byName)}"`
        : `ids[${position}] "${userId}" is not a user id on ${pc.platform}`,
    );
  }
  if (unknown.length > 0) {
    const named = unknown.slice(0, NAMED_UNKNOWN_IDS).join('; ');
    const more = unknown.length - NAMED_UNKNOWN_IDS;
    throw new SandboxError(
      'bad_request',
      `${named}${more > 0 ? `; and ${more} more unknown ids` : ''}. List members are ${pc.platform} user ids; nothing was added`,
    );
  }
  return members;
}

function writeCursor(listId: string, offset: number): string {
  return Buffer.from(JSON.stringify({ listId, offset })).toString('base64url');
}

function readCursor(cursor: string, listId: string): number {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'listId' in parsed &&
      'offset' in parsed &&
      parsed.listId === listId &&
      typeof parsed.offset === 'number' &&
      Number.isInteger(parsed.offset) &&
      parsed.offset >= 0
    ) {
      return parsed.offset;
    }
  } catch {
    // Falls through to the error below.
  }
  throw new SandboxError(
    'bad_request',
    `cursor "${cursor}" is not a cursor of list "${listId}"; pass the cursor of the previous page, or page`,
  );
}
