import { randomBytes } from 'node:crypto';
import type { Clock } from '../../../common/clock';
import type { SharedBudgetHolds } from '../shared-budget-holds';
import type { Sql } from './postgres-database';

/**
 * Budget holds of every instance on one Postgres store: what calls under way (here or in another
 * instance) may still cost, counted against budgets before the ledger has their rows. A hold is a
 * row from reserve to release; one whose instance died without releasing it runs out after
 * HOLD_TTL_MS, so a killed instance blocks no budget for long.
 */
export const HOLD_TTL_MS = 15 * 60_000;

export function createPostgresBudgetHolds(
  db: Sql,
  clock: Clock,
  exclusive: <T>(key: string, work: () => Promise<T>) => Promise<T>,
): SharedBudgetHolds {
  return {
    // Every check and hold of every instance in turn: a check reads the holds, then the ledger,
    // then writes its hold, and a second check meanwhile would not see it.
    decide: (work) => exclusive('budget holds', work),

    async held(email, documentId) {
      const { rows } = await db.query<{
        user_credits: number;
        user_raw: number;
        team_credits: number;
        team_raw: number;
        document_credits: number;
      }>(
        `SELECT
           COALESCE(SUM(credits_milli) FILTER (WHERE user_email = $1), 0)::bigint AS user_credits,
           COALESCE(SUM(raw_requests) FILTER (WHERE user_email = $1), 0)::bigint AS user_raw,
           COALESCE(SUM(credits_milli), 0)::bigint AS team_credits,
           COALESCE(SUM(raw_requests), 0)::bigint AS team_raw,
           COALESCE(SUM(credits_milli) FILTER (WHERE document_id = $2), 0)::bigint AS document_credits
         FROM budget_holds WHERE expires_at > $3`,
        [email, documentId, clock.now()],
      );
      const row = rows[0];
      return {
        user: { credits: row?.user_credits ?? 0, rawRequests: row?.user_raw ?? 0 },
        team: { credits: row?.team_credits ?? 0, rawRequests: row?.team_raw ?? 0 },
        document: row?.document_credits ?? 0,
      };
    },

    async add(email, documentId, amounts) {
      const id = `hold_${randomBytes(9).toString('base64url')}`;
      await db.query(
        `INSERT INTO budget_holds (id, user_email, document_id, credits_milli, raw_requests, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, email, documentId, amounts.credits, amounts.rawRequests, clock.now() + HOLD_TTL_MS],
      );
      return id;
    },

    async set(id, amounts) {
      await db.query('UPDATE budget_holds SET credits_milli = $2, raw_requests = $3 WHERE id = $1', [
        id,
        amounts.credits,
        amounts.rawRequests,
      ]);
    },

    async remove(id) {
      await db.query('DELETE FROM budget_holds WHERE id = $1', [id]);
    },
  };
}
