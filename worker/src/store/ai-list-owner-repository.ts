import type Database from 'better-sqlite3';
import type { Clock } from '../../common/clock';
import { normalizeUserEmail } from './user-email';

/**
 * Who created each AI list through this worker. The API knows no owners (every list belongs to the
 * one API account the worker spends from), so the worker keeps them: members manage their own
 * lists, admins all of them. A list created elsewhere (the API's own console, another worker) has
 * no owner here.
 */
export interface AiListOwnerRepository {
  /** Records the creator; a list id the API hands out again (after a delete) gets its new owner. */
  record(listId: string, ownerEmail: string): Promise<void>;
  /** The creator's address, or null for a list created outside this worker. */
  ownerOf(listId: string): Promise<string | null>;
  /** Owners of these lists, by list id; lists without one are absent. */
  ownersOf(listIds: readonly string[]): Promise<Map<string, string>>;
  /** After the list was deleted; true when it had an owner here. */
  forget(listId: string): Promise<boolean>;
}

export interface OwnerRow {
  list_id: string;
  owner_email: string;
}

/** Ids looked up per query (a JSON array), as cache-repository.ts does. */
export const LOOKUP_CHUNK = 500;

export function createSqliteAiListOwnerRepository(
  db: Database.Database,
  clock: Clock,
): AiListOwnerRepository {
  const upsert = db.prepare<[string, string, number]>(
    `INSERT INTO ai_list_owners (list_id, owner_email, created_at) VALUES (?, ?, ?)
     ON CONFLICT (list_id) DO UPDATE SET owner_email = excluded.owner_email, created_at = excluded.created_at`,
  );
  const byId = db.prepare<[string], OwnerRow>(
    'SELECT list_id, owner_email FROM ai_list_owners WHERE list_id = ?',
  );
  const byIds = db.prepare<[string], OwnerRow>(
    'SELECT list_id, owner_email FROM ai_list_owners WHERE list_id IN (SELECT value FROM json_each(?))',
  );
  const remove = db.prepare<[string]>('DELETE FROM ai_list_owners WHERE list_id = ?');

  return {
    async record(listId, ownerEmail) {
      upsert.run(listId, normalizeUserEmail(ownerEmail), clock.now());
    },

    async ownerOf(listId) {
      return byId.get(listId)?.owner_email ?? null;
    },

    async ownersOf(listIds) {
      const ids = [...new Set(listIds)];
      const owners = new Map<string, string>();
      for (let start = 0; start < ids.length; start += LOOKUP_CHUNK) {
        const chunk = JSON.stringify(ids.slice(start, start + LOOKUP_CHUNK));
        for (const row of byIds.all(chunk)) owners.set(row.list_id, row.owner_email);
      }
      return owners;
    },

    async forget(listId) {
      return remove.run(listId).changes > 0;
    },
  };
}
