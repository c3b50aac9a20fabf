import { createHash } from 'node:crypto';
import { AI_LIST_MAX_MEMBERS, AI_LISTS_PER_ACCOUNT } from '../../../../shared/limits';
import type { Platform } from '../../../../shared/platforms';
import { SandboxError } from '../../sandbox-error';

/**
 * The AI lists of every account, in memory. Lists are private to the token that created them: any
 * other token gets a 404 for them, as for a list that never existed. Reads are strongly consistent
 * (a change is visible to the next request), which the spec promises for `GET /ai/lists/{id}`.
 */

export interface AiListLimits {
  /** Active lists per account (deleted ones do not count). */
  readonly listsPerAccount: number;
  readonly membersPerList: number;
}

export const DEFAULT_AI_LIST_LIMITS: AiListLimits = {
  listsPerAccount: AI_LISTS_PER_ACCOUNT,
  membersPerList: AI_LIST_MAX_MEMBERS,
};

/** A member as the store keeps it: the platform user id and the creator it names. */
export interface AiListMember {
  readonly userId: string;
  readonly index: number;
}

export interface AiListRecord {
  readonly id: string;
  readonly name: string;
  readonly platform: Platform;
  readonly createdAt: number;
  updatedAt: number;
  /** User id -> creator index, in the order the members were added. */
  readonly members: Map<string, number>;
  /** The same members by creator index, for search filters. */
  readonly indexes: Set<number>;
}

export class AiListStore {
  private readonly accounts = new Map<string, Map<string, AiListRecord>>();
  private created = 0;

  constructor(readonly limits: AiListLimits = DEFAULT_AI_LIST_LIMITS) {}

  create(token: string, platform: Platform, name: string, now: number): AiListRecord {
    const lists = this.listsOf(token);
    if (lists.size >= this.limits.listsPerAccount) {
      throw new SandboxError(
        'bad_request',
        `An account may hold at most ${this.limits.listsPerAccount} AI lists and this one holds ${lists.size}; delete a list before creating another`,
      );
    }
    this.created++;
    const record: AiListRecord = {
      id: listId(token, this.created),
      name,
      platform,
      createdAt: now,
      updatedAt: now,
      members: new Map(),
      indexes: new Set(),
    };
    lists.set(record.id, record);
    return record;
  }

  /** The account's lists, oldest first. */
  all(token: string): AiListRecord[] {
    return [...(this.accounts.get(token)?.values() ?? [])];
  }

  /** The account's list, or a 404 that names the id. */
  get(token: string, id: string): AiListRecord {
    const record = this.accounts.get(token)?.get(id);
    if (record === undefined) {
      throw new SandboxError(
        'entity_not_found',
        `AI list "${id}" does not exist (or belongs to another account)`,
      );
    }
    return record;
  }

  /** Hard delete: the list and its members are gone at once. */
  delete(token: string, id: string): void {
    this.get(token, id);
    this.accounts.get(token)?.delete(id);
  }

  /**
   * Adds members in order; ids already in the list are no-ops, and so is an id repeated in
   * `members` (it is a member by the time it is reached). All or nothing: a change that would take
   * the list past its limit adds nobody.
   */
  add(
    token: string,
    id: string,
    members: readonly AiListMember[],
    now: number,
  ): { added: number; total: number } {
    const record = this.get(token, id);
    const fresh = [
      ...new Map(
        members
          .filter((member) => !record.members.has(member.userId))
          .map((member) => [member.userId, member]),
      ).values(),
    ];
    const after = record.members.size + fresh.length;
    if (after > this.limits.membersPerList) {
      throw new SandboxError(
        'bad_request',
        `An AI list holds at most ${this.limits.membersPerList} members: list "${id}" holds ${record.members.size} and ${fresh.length} of the ids are new, which would make ${after}`,
      );
    }
    for (const member of fresh) {
      record.members.set(member.userId, member.index);
      record.indexes.add(member.index);
    }
    if (fresh.length > 0) record.updatedAt = now;
    return { added: fresh.length, total: record.members.size };
  }

  /** Removes members; ids that are not members are no-ops. */
  remove(
    token: string,
    id: string,
    userIds: readonly string[],
    now: number,
  ): { removed: number; total: number } {
    const record = this.get(token, id);
    let removed = 0;
    for (const userId of userIds) {
      const index = record.members.get(userId);
      if (index === undefined) continue;
      record.members.delete(userId);
      record.indexes.delete(index);
      removed++;
    }
    if (removed > 0) record.updatedAt = now;
    return { removed, total: record.members.size };
  }

  private listsOf(token: string): Map<string, AiListRecord> {
    let lists = this.accounts.get(token);
    if (lists === undefined) {
      lists = new Map();
      this.accounts.set(token, lists);
    }
    return lists;
  }
}

/** Opaque and stable: the same token and creation number always give the same id. */
function listId(token: string, sequence: number): string {
  return createHash('sha256').update(`${token}\n${sequence}`).digest('hex').slice(0, 20);
}
