import type { Clock } from '../../../common/clock';
import type { AiListOwnerRepository } from '../ai-list-owner-repository';
import { LOOKUP_CHUNK, type OwnerRow } from '../rows/ai-list-owner-rows';
import { normalizeUserEmail } from '../values/user-email';
import type { PostgresDatabase } from './postgres-database';

/** AI lists' owners on Postgres. */
export function createPostgresAiListOwnerRepository(
  db: PostgresDatabase,
  clock: Clock,
): AiListOwnerRepository {
  return {
    async record(listId, ownerEmail) {
      await db.query(
        `INSERT INTO ai_list_owners (list_id, owner_email, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (list_id) DO UPDATE SET owner_email = excluded.owner_email, created_at = excluded.created_at`,
        [listId, normalizeUserEmail(ownerEmail), clock.now()],
      );
    },

    async ownerOf(listId) {
      const { rows } = await db.query<OwnerRow>(
        'SELECT list_id, owner_email FROM ai_list_owners WHERE list_id = $1',
        [listId],
      );
      return rows[0]?.owner_email ?? null;
    },

    async ownersOf(listIds) {
      const ids = [...new Set(listIds)];
      const owners = new Map<string, string>();
      for (let start = 0; start < ids.length; start += LOOKUP_CHUNK) {
        const { rows } = await db.query<OwnerRow>(
          'SELECT list_id, owner_email FROM ai_list_owners WHERE list_id = ANY($1::text[])',
          [ids.slice(start, start + LOOKUP_CHUNK)],
        );
        for (const row of rows) owners.set(row.list_id, row.owner_email);
      }
      return owners;
    },

    async forget(listId) {
      const { rowCount } = await db.query('DELETE FROM ai_list_owners WHERE list_id = $1', [listId]);
      return (rowCount ?? 0) > 0;
    },
  };
}
