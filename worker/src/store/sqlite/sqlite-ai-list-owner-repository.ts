import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import { normalizeUserEmail } from '../values/user-email';
import type { AiListOwnerRepository } from '../ai-list-owner-repository';
import { type OwnerRow, LOOKUP_CHUNK } from '../rows/ai-list-owner-rows';

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
