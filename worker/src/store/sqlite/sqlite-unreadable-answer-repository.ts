import type Database from 'better-sqlite3';
import type { Clock } from '../../../common/clock';
import type { EmailCacheKey } from '../sealing/email-cache-key';
import type { SealedBox } from '../sealing/sealed-box';
import type { UnreadableAnswerRepository } from '../unreadable-answer-repository';
import {
  type AnswerRow,
  KEPT_ANSWERS,
  answerRowOf,
  toRecord,
  listLimit,
  withBody,
} from '../rows/unreadable-answer-rows';

export function createSqliteUnreadableAnswerRepository(
  db: Database.Database,
  clock: Clock,
  box: SealedBox,
  emailKey: EmailCacheKey,
): UnreadableAnswerRepository {
  const insert = db.prepare(
    `INSERT INTO unreadable_answers (id, at, operation_id, status, user_email, request_id, job_id,
       charged_milli, raw_requests, body_chars, problems, sealed_body)
     VALUES (@id, @at, @operation_id, @status, @user_email, @request_id, @job_id,
       @charged_milli, @raw_requests, @body_chars, @problems, @sealed_body)`,
  );
  const prune = db.prepare(
    `DELETE FROM unreadable_answers WHERE id NOT IN
       (SELECT id FROM unreadable_answers ORDER BY at DESC, id DESC LIMIT ?)`,
  );
  const selectOne = db.prepare<[string], AnswerRow>('SELECT * FROM unreadable_answers WHERE id = ?');
  const selectMany = db.prepare<[number], AnswerRow>(
    'SELECT * FROM unreadable_answers ORDER BY at DESC, id DESC LIMIT ?',
  );
  const keepOne = db.transaction((row: AnswerRow) => {
    insert.run(row);
    prune.run(KEPT_ANSWERS);
  });

  return {
    async keep(input) {
      const row = answerRowOf(input, clock, box, emailKey);
      keepOne(row);
      return toRecord(row);
    },
    async list(limit = 50) {
      return selectMany.all(listLimit(limit)).map(toRecord);
    },
    async get(id) {
      const row = selectOne.get(id);
      return row === undefined ? null : withBody(box, row);
    },
  };
}
