import express from 'express';
import request from 'supertest';
import { column, type Column } from '../../../../shared/rows/columns';
import { sendSheetAnswer, sheetAnswerJson } from '../../../../worker/src/request-io/sheet-answer-json';

const columns: readonly Column[] = [
  column('handle', 'Handle', 'text'),
  column('followers', 'Followers', 'integer'),
];

describe('sheetAnswerJson', () => {
  it('is the JSON of the whole answer, every field kept, for the first and every later answer', () => {
    const answer = (followers: number) => ({
      header: ['Handle', 'Followers'],
      columns,
      rows: [
        ['@ana', followers],
        [null, null],
      ],
      pending: 0,
      counts: { creators: 1, cached: 1 },
    });

    expect(JSON.parse(sheetAnswerJson(answer(10)))).toEqual(answer(10));
    expect(JSON.parse(sheetAnswerJson(answer(20)))).toEqual(answer(20));
  });

  it('keeps a caller’s own labels even with the same columns, and needs nothing beyond the rows', () => {
    sheetAnswerJson({ header: ['Handle', 'Followers'], columns, rows: [] });
    const renamed = { header: ['Who', 'How many'], columns, rows: [] };

    expect(JSON.parse(sheetAnswerJson(renamed))).toEqual(renamed);
  });

  it('answers 200 JSON whose length counts bytes, not characters', async () => {
    const answer = { header: ['Handle', 'Followers'], columns, rows: [['@zoë_café', 1]], pending: 0 };
    const app = express();
    app.post('/answer', (_req, res) => sendSheetAnswer(res, answer));

    const res = await request(app).post('/answer');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(JSON.stringify(answer)));
    expect(res.body).toEqual(answer);
  });
});
