import { connect } from 'node:net';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { isBodyReader } from '../../../../worker/src/request-io/json-body';
import { REPORTS_BODY_LIMIT } from '../../../../worker/src/operations/reports/reports-router';
import { auth, startWorkerWorld, type WorkerWorld } from '../worker-fixture';
import { appRoutes } from '../http/app-routes';

/** Issue 11 item 4: the credential is checked before any body is read; each route has its own limit. */

let world: WorkerWorld;
let server: Server;
let port: number;

beforeAll(async () => {
  world = await startWorkerWorld({ env: { LOG_LEVEL: 'warn' } });
  server = http.createServer(world.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  await world.close();
});

/** Sends the headers and the start of a body, never its end; resolves with the first answer line. */
function answerToPartialBody(path: string, headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8');
      if (received.includes('\r\n\r\n')) {
        socket.destroy();
        resolve(received);
      }
    });
    socket.once('error', reject);
    const lines = Object.entries({ host: 'localhost', 'content-type': 'application/json', ...headers })
      .map(([name, value]) => `${name}: ${value}`)
      .join('\r\n');
    socket.write(
      `POST ${path} HTTP/1.1\r\n${lines}\r\ncontent-length: ${10 * 2 ** 20}\r\n\r\n{"emails":["a@b.co",`,
    );
  });
}

const readsBody = (handler: unknown) =>
  isBodyReader(handler) || (typeof handler === 'function' && handler.name === 'jsonParser');

describe('authentication first', () => {
  it('puts the authenticator before the body reader on every route that reads a body', () => {
    const reading = appRoutes(world.app).filter((route) => route.handlers.some(readsBody));
    expect(reading.length).toBeGreaterThanOrEqual(14);
    for (const route of reading) {
      const authenticatedAt = route.handlers.indexOf(world.deps.authenticate);
      const readAt = route.handlers.findIndex(readsBody);
      expect({
        route: `${route.method} ${route.path}`,
        first: authenticatedAt >= 0 && authenticatedAt < readAt,
      }).toEqual({
        route: `${route.method} ${route.path}`,
        first: true,
      });
    }
  });

  it.each(['/api/email-search', '/api/jobs', '/api/ai/search', '/api/reports'])(
    'refuses %s without a credential while its 10 MB body is still on the way',
    async (path) => {
      const answer = await answerToPartialBody(path, {});
      expect(answer).toMatch(/^HTTP\/1\.1 401 /);
      expect(answer.toLowerCase()).toContain('content-security-policy');
      // The rest of the body is not worth reading: the connection ends with the answer.
      expect(answer.toLowerCase()).toContain('connection: close');
    },
  );

  it('keeps the connection of a refused request whose small body has arrived', async () => {
    const agent = new http.Agent({ keepAlive: true });
    const connection = await new Promise<string | undefined>((resolve, reject) => {
      const body = JSON.stringify({ handles: ['cristiano'] });
      const sent = http.request(
        {
          agent,
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/reports',
          headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
        },
        (response) => {
          response.resume();
          response.once('end', () => resolve(response.headers.connection));
        },
      );
      sent.once('error', reject);
      sent.end(body);
    });
    agent.destroy();
    expect(connection).toBe('keep-alive');
  });

  it('reads POST /api/keys’s body only without a bearer, and then only a few KB', async () => {
    const withBearer = await answerToPartialBody('/api/keys', { authorization: 'Bearer not-a-token' });
    expect(withBearer).toMatch(/^HTTP\/1\.1 401 /);

    const big = await request(world.app)
      .post('/api/keys')
      .send({ idToken: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toMatch(
      /^The request body of 20 KB is too large \(this route takes at most 8 KB\)/,
    );
  });
});

describe('body limits per route', () => {
  it('refuses a formula request above its limit with the sizes in the sentence', async () => {
    const handles = Array.from({ length: Math.ceil(REPORTS_BODY_LIMIT / 90) }, (_, i) =>
      `h${i}`.padEnd(96, 'x'),
    );
    const res = await request(world.app).post('/api/reports').set(auth()).send({ handles });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('too_large');
    expect(res.body.error.message).toMatch(
      /too large \(this route takes at most 564 KB\): split the input or start a job$/,
    );
  });

  it('takes an image search with a 5 MB image', async () => {
    const res = await request(world.app)
      .post('/api/ai/search')
      .set(auth())
      .send({
        mode: 'image',
        platform: 'instagram',
        imageType: 'image/png',
        base64Image: 'A'.repeat(5 * 1024 * 1024),
        dryRun: true,
      });
    expect(res.status).toBe(200);
    expect(res.body.dryRun).toBe(true);
  });

  it('takes a job input above the 16 MB that used to be the limit of every route', async () => {
    const padding = 'x'.repeat(240);
    const emails = Array.from({ length: 70_000 }, (_, i) => `${padding}${i}@company${i % 97}.com`);
    const body = JSON.stringify({ kind: 'email-enrichment', input: { emails } });
    expect(body.length).toBeGreaterThan(16 * 2 ** 20);
    const res = await request(world.app)
      .post('/api/jobs')
      .set(auth())
      .set('content-type', 'application/json')
      .send(body);
    expect(res.status).toBe(202);
    await request(world.app)
      .delete(`/api/jobs/${String(res.body.id)}`)
      .set(auth());
  });
});

describe('bodies that cannot be read answer 4xx sentences', () => {
  it.each([
    [
      'a job input nested 100,000 deep',
      '/api/jobs',
      `{"kind":"email-enrichment","input":{"emails":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`,
      400,
      /nests arrays or objects more than 32 levels deep/,
    ],
    ['a number as the body', '/api/reports', '12', 400, /not valid JSON/],
    ['text as the body', '/api/email-search', '"a@b.co"', 400, /not valid JSON/],
    ['an array as the body', '/api/reports', '["cristiano"]', 400, /Send a JSON object as the body/],
  ])('%s', async (_name, path, body, status, message) => {
    const res = await request(world.app)
      .post(path)
      .set(auth())
      .set('content-type', 'application/json')
      .send(body);
    expect(res.status).toBe(status);
    expect(res.body.error.message).toMatch(message);
  });

  it('answers a broken gzip body with 400, on a route that reads one', async () => {
    const res = await request(world.app)
      .post('/api/email-search')
      .set(auth())
      .set('content-type', 'application/json')
      .set('content-encoding', 'gzip')
      .send(Buffer.from('this is not gzip at all'));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/could not be decompressed/);
  });

  it('answers bad percent-encoding in a path id with 400, with or without a credential', async () => {
    const signedIn = await request(world.app).delete('/api/jobs/%ff').set(auth());
    const anonymous = await request(world.app).delete('/api/jobs/%ff');
    for (const res of [signedIn, anonymous]) {
      expect(res.status).toBe(400);
      expect(res.body.error.message).toMatch(/percent-encoding that is not UTF-8/);
    }
  });

  it('answers a charset other than UTF-8 with 415', async () => {
    const res = await request(world.app)
      .post('/api/reports')
      .set(auth())
      .set('content-type', 'application/json; charset=latin1')
      .send(Buffer.from('{"handles":[]}'));
    expect(res.status).toBe(415);
    expect(res.body.error.message).toBe('Send the body as UTF-8 JSON');
  });
});
