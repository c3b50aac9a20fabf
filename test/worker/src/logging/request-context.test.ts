import express from 'express';
import request from 'supertest';
import { createLogger } from '../../../../worker/src/logging/logger';
import { requestContext } from '../../../../worker/src/logging/request-context';

function app() {
  const lines: string[] = [];
  const logger = createLogger({ destination: { write: (line: string) => lines.push(line) } });
  const server = express();
  server.use(requestContext(logger));
  server.get('/work', (req, res) => {
    req.log?.info({ step: 'inside' }, 'working');
    res.json({ requestId: req.requestId });
  });
  server.get('/fail', (_req, res) => {
    res.status(502).json({});
  });
  return { server, lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('requestContext', () => {
  it('honours a sane x-request-id, echoes it and stamps every line of the request with it', async () => {
    const { server, lines } = app();
    const res = await request(server).get('/work?email=ana@team.com').set('x-request-id', 'abc-123');

    expect(res.headers['x-request-id']).toBe('abc-123');
    expect(res.body.requestId).toBe('abc-123');
    const [inside, done] = lines();
    expect(inside).toMatchObject({ requestId: 'abc-123', step: 'inside', msg: 'working' });
    expect(done).toMatchObject({
      requestId: 'abc-123',
      method: 'GET',
      path: '/work',
      status: 200,
      msg: 'request done',
    });
    expect(JSON.stringify(lines())).not.toContain('ana');
  });

  it('makes an id when none or an odd one is given', async () => {
    const { server } = app();
    const none = await request(server).get('/work');
    const odd = await request(server).get('/work').set('x-request-id', 'x'.repeat(200));
    expect(none.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(none.headers['x-request-id']).not.toBe(odd.headers['x-request-id']);
  });

  it('logs server-side failures at error level', async () => {
    const { server, lines } = app();
    const res = await request(server).get('/fail');
    expect(lines()[0]).toMatchObject({
      level: 50,
      status: 502,
      msg: 'request failed',
      requestId: res.headers['x-request-id'],
    });
  });
});
