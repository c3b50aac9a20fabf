import type { Clock } from '../../../common/clock';
import type { EmailCacheKey } from '../sealing/email-cache-key';
import type { SealedBox } from '../sealing/sealed-box';
import type { UnreadableAnswerRepository } from '../unreadable-answer-repository';
import {
  answerRowOf,
  KEPT_ANSWERS,
  listLimit,
  toRecord,
  withBody,
  type AnswerRow,
} from '../rows/unreadable-answer-rows';
import type { PostgresDatabase } from './postgres-database';

/** Unreadable paid answers on Postgres: the newest KEPT_ANSWERS, addresses hidden, bodies sealed. */
export function createPostgresUnreadableAnswerRepository(
  db: PostgresDatabase,
  clock: Clock,
  box: SealedBox,
  emailKey: EmailCacheKey,
): UnreadableAnswerRepository {
  return {
    async keep(input) {
      const row = answerRowOf(input, clock, box, emailKey);
      await db.transaction(async (sql) => {
        await sql.query(
          `INSERT INTO unreadable_answers (id, at, operation_id, status, user_email, request_id, job_id,
             charged_milli, raw_requests, body_chars, problems, sealed_body)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
          [
            row.id,
            row.at,
            row.operation_id,
            row.status,
            row.user_email,
            row.request_id,
            row.job_id,
            row.charged_milli,
            row.raw_requests,
            row.body_chars,
            row.problems,
            row.sealed_body,
          ],
        );
        await sql.query(
          `DELETE FROM unreadable_answers WHERE id NOT IN
             (SELECT id FROM unreadable_answers ORDER BY at DESC, id COLLATE "C" DESC LIMIT $1)`,
          [KEPT_ANSWERS],
        );
      });
      return toRecord(row);
    },
    async list(limit = 50) {
      const { rows } = await db.query<AnswerRow>(
        'SELECT * FROM unreadable_answers ORDER BY at DESC, id COLLATE "C" DESC LIMIT $1',
        [listLimit(limit)],
      );
      return rows.map(toRecord);
    },
    async get(id) {
      const { rows } = await db.query<AnswerRow>('SELECT * FROM unreadable_answers WHERE id = $1', [id]);
      return rows[0] === undefined ? null : withBody(box, rows[0]);
    },
  };
}
