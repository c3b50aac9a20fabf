import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import type { Row } from '../../../../shared/rows/columns';
import { sendRowsJson, type RowSource } from '../../../../worker/src/request-io/send-rows-json';

/** `count` rows of `width` cells, noting which slices were asked for. */
function source(count: number, width = 3): RowSource & { asked: [number, number][] } {
  const asked: [number, number][] = [];
  return {
    asked,
    rowCount: count,
    rows(start, end) {
      asked.push([start, end]);
      return Array.from({ length: end - start }, (_, i): Row => [
        `row ${start + i}`,
        start + i,
        ...Array(width - 2).fill(null),
      ]);
    },
  };
}

function appSending(rows: RowSource, head: Record<string, unknown>, perWrite: number) {
  const app = express();
  app.get('/rows', async (_req, res) => {
    res.set('Cache-Control', 'no-store');
    await sendRowsJson(res, head, rows, perWrite);
  });
  return app;
}

describe('sendRowsJson', () => {
  it('answers the JSON res.json would, building the rows a chunk at a time', async () => {
    const rows = source(7);
    const head = { header: ['A', 'B', 'C'], pending: 0, counts: { unique: 7 } };

    const res = await request(appSending(rows, head, 3)).get('/rows');

    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ ...head, rows: source(7).rows(0, 7) });
    expect(rows.asked).toEqual([
      [0, 3],
      [3, 6],
      [6, 7],
    ]);
  });

  it('answers an empty list and an empty head as valid JSON', async () => {
    expect((await request(appSending(source(0), {}, 3)).get('/rows')).body).toEqual({ rows: [] });
    expect((await request(appSending(source(0), { pending: 0 }, 3)).get('/rows')).body).toEqual({
      pending: 0,
      rows: [],
    });
  });

  it('builds no more rows once the caller has gone away', async () => {
    // 200 chunks of about 100 kB: far more than the socket takes without being read.
    const rows = source(20_000, 1000);
    let sent: Promise<void> = Promise.resolve();
    let caller: http.ClientRequest | undefined;
    const app = express();
    app.get('/rows', (_req, res) => {
      sent = sendRowsJson(res, {}, rows, 100);
    });
    const server = app.listen(0);
    try {
      const { port } = server.address() as AddressInfo;
      const answered = new Promise<void>((resolve) => {
        caller = http.get({ port, path: '/rows' }, (res) => {
          // Never read: the server's writes back up; then the caller leaves.
          res.pause();
          caller?.destroy();
          resolve();
        });
        caller.on('error', () => undefined);
      });
      await answered;
      await sent;
      expect(rows.asked.length).toBeGreaterThan(0);
      expect(rows.asked.length).toBeLessThan(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
