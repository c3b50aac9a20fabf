import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { seededRandom, seedNumber, type Random } from '../../../../worker/common/seeded-random';
import {
  TEST_CLIENT_ID,
  makeSigningKey,
  mintIdToken,
  startCertServer,
  validClaims,
  type CertServer,
} from '../../../../worker/playground/fake-google';
import { createIdTokenVerifier } from '../../../../worker/src/identity/id-token-verifier';
import { DEV_KEY, startWorkerWorld, type WorkerWorld } from '../worker-fixture';
import { appRoutes, pathParams, type AppRoute } from './app-routes';
import { JOB_KIND_NAMES } from '../../../../shared/worker-api/job-kinds';

/**
 * Issue 11 "No 500 for any input": for every route the app serves (read from its router stack),
 * REQUESTS_PER_ROUTE generated requests, malformed in every way a caller can manage (methods,
 * path ids, query values, credentials, bodies: broken JSON, non-objects, deep nesting, huge
 * numbers, broken or unknown compression, charsets, content types, sizes), seeded so a failure
 * replays. Each answer must be below 500 and, when an error, read as `{ error: { code, message } }`
 * with a sentence, and carry the security headers. The worker is the production wiring against
 * the real sandbox; the rate limits are off so every request reaches its route.
 */

const SEED = 'issue-11 request fuzz';
const REQUESTS_PER_ROUTE = 300;
const CONCURRENCY = 8;
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let world: WorkerWorld;
let certs: CertServer;
let server: Server;
let base: { host: string; port: number };
let agent: http.Agent;
const credentials: Record<string, string | null> = {};
let realJobId = 'job_none';

beforeAll(async () => {
  const google = makeSigningKey('kid-fuzz');
  certs = await startCertServer([google]);
  world = await startWorkerWorld({
    env: {
      GOOGLE_CLIENT_IDS: TEST_CLIENT_ID,
      ADMIN_EMAILS: 'dev@localhost',
      RATE_LIMIT_PER_KEY: 'off',
      RATE_LIMIT_PER_ADDRESS: 'off',
      // What passes validation reaches the sandbox: no pacing may make the run slow.
      SANDBOX_RATE_DISCOVERY: '2000',
      SANDBOX_RATE_AI: '2000',
      SANDBOX_RATE_DICTIONARY_FAST: '2000',
      LOG_LEVEL: 'warn',
    },
    verifier: createIdTokenVerifier({ clientIds: [TEST_CLIENT_ID], certsUrl: certs.url }),
  });
  server = http.createServer(world.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = { host: '127.0.0.1', port: (server.address() as AddressInfo).port };
  agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

  credentials.none = null;
  credentials.devKey = `Bearer ${DEV_KEY}`;
  credentials.memberKey = `Bearer ${(await world.deps.store.keys.issue('member@team.com')).key}`;
  credentials.idToken = `Bearer ${mintIdToken(google, validClaims({ email: 'member@team.com' }))}`;
  credentials.madeUpKey = 'Bearer csk_made-up-key';
  credentials.madeUpToken = 'Bearer eyJhbGciOiJub25lIn0.eyJlbWFpbCI6ImFAYi5jbyJ9.';
  credentials.basic = 'Basic dXNlcjpwYXNz';
  credentials.emptyBearer = 'Bearer ';

  const job = await send({
    method: 'POST',
    path: '/api/jobs',
    headers: { authorization: credentials.devKey, 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify({ kind: 'email-enrichment', input: { emails: ['a@b.co'] } })),
  });
  const created = JSON.parse(job.text) as { id?: string };
  if (typeof created.id === 'string') realJobId = created.id;
});

afterAll(async () => {
  await world.deps.jobRunner.stop(5000);
  agent.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await world.close();
  await certs.close();
});

interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

function send(request: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers = { ...request.headers };
    if (request.body !== undefined) headers['content-length'] = String(request.body.length);
    const outgoing = http.request(
      { agent, host: base.host, port: base.port, method: request.method, path: request.path, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.once('error', reject);
      },
    );
    outgoing.once('error', reject);
    outgoing.end(request.body);
  });
}

// ---- generators -------------------------------------------------------------------------------

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const DEEP_ARRAYS = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
const DEEP_OBJECTS = `${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`;
const DEEP_JOB = `{"kind":"email-enrichment","input":{"emails":${'['.repeat(100_000)}${']'.repeat(100_000)}}}`;
const BIG_TEXT = 'x'.repeat(3000);

const STRINGS = [
  '',
  ' ',
  'instagram',
  'tiktok',
  'youtube',
  'ig',
  'Facebook',
  '@cristiano',
  'cristiano',
  'a@b.co',
  'Ana@Example.com',
  'not an address',
  'İrem & Burak',
  '😀',
  '\u0000',
  '<script>alert(1)</script>',
  '%ff',
  '../../etc/passwd',
  BIG_TEXT,
  ...JOB_KIND_NAMES,
  'no-such-kind',
  'text',
  'image',
  'lookalikes',
  'rawIgUserFeed',
  'rawYoutubeComments',
  'image/png',
  'AAAA',
  '!!!not base64',
  'median',
  'team',
  'user',
  'default',
  'table',
  'flat',
  '2024-05-01',
  'yesterday',
  '1e400',
  'NaN',
  'true',
  '__proto__',
];
const NUMBERS = [0, -1, 1, 2, 15, 1.5, 100, 1000, 1e308, -1e308, 2 ** 53 + 2, 1e-7, 600_000, 3e9];
const FIELDS = [
  'handles',
  'emails',
  'platform',
  'fields',
  'calculationMethod',
  'refresh',
  'withHeader',
  'deadlineMs',
  'kind',
  'input',
  'idempotencyKey',
  'mode',
  'query',
  'imageType',
  'base64Image',
  'userIds',
  'filters',
  'filter',
  'sort',
  'pageSize',
  'startPage',
  'pages',
  'maxResults',
  'dryRun',
  'operation',
  'maxPages',
  'layout',
  'id',
  'collaboratorId',
  'from',
  'to',
  'cursor',
  'after',
  'limit',
  'groupedBrands',
  'groupBrandCollaborations',
  'ids',
  'name',
  'scope',
  'day',
  'month',
  'email',
  'idToken',
  '__proto__',
  'constructor',
];

function value(random: Random, depth: number): unknown {
  const roll = random();
  if (depth > 3 || roll < 0.35) return pick(random, STRINGS);
  if (roll < 0.55) return pick(random, NUMBERS);
  if (roll < 0.62) return random() < 0.5;
  if (roll < 0.67) return null;
  if (roll < 0.85) return Array.from({ length: Math.floor(random() * 6) }, () => value(random, depth + 1));
  return object(random, depth + 1);
}

function object(random: Random, depth: number): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const count = 1 + Math.floor(random() * 6);
  for (let i = 0; i < count; i += 1) result[pick(random, FIELDS)] = value(random, depth);
  return result;
}

/** A body the route's schema nearly takes: the shapes that reach the deepest code. */
function plausible(random: Random): Record<string, unknown> {
  const shapes: (() => Record<string, unknown>)[] = [
    () => ({ handles: [pick(random, STRINGS), 'cristiano', 1e308], platform: pick(random, STRINGS) }),
    () => ({ emails: [pick(random, STRINGS), 'a@b.co', 12, null, { a: 1 }], withHeader: random() < 0.5 }),
    () => ({ kind: pick(random, STRINGS), input: object(random, 1), idempotencyKey: pick(random, STRINGS) }),
    () => ({ kind: 'search-pages', input: { platform: 'instagram', pages: pick(random, NUMBERS) } }),
    () => ({ kind: 'raw-feed', input: { operation: pick(random, STRINGS), query: object(random, 2) } }),
    () => ({ mode: pick(random, STRINGS), platform: 'instagram', query: pick(random, STRINGS), pages: 1 }),
    () => ({ mode: 'text', platform: 'instagram', query: 'coffee', dryRun: true, startPage: 1e308 }),
    () => ({ platform: pick(random, STRINGS), filter: object(random, 1), pages: pick(random, NUMBERS) }),
    () => ({ operation: pick(random, STRINGS), query: object(random, 2), maxPages: pick(random, NUMBERS) }),
    () => ({ id: pick(random, STRINGS), platform: 'instagram', from: pick(random, STRINGS), limit: 1e308 }),
    () => ({ ids: [pick(random, STRINGS), 2 ** 53 + 2, null], platform: 'instagram', name: BIG_TEXT }),
    () => ({ scope: pick(random, STRINGS), email: pick(random, STRINGS), day: pick(random, NUMBERS) }),
    () => ({ idToken: pick(random, STRINGS) }),
    () => object(random, 0),
  ];
  return pick(random, shapes)();
}

interface BodyCase {
  label: string;
  body: Buffer;
  headers: Record<string, string>;
}

const JSON_TYPE = { 'content-type': 'application/json' };

function bodyCase(random: Random): BodyCase {
  const json = Buffer.from(JSON.stringify(plausible(random)));
  const junk = Buffer.from(
    Array.from({ length: 1 + Math.floor(random() * 64) }, () => Math.floor(random() * 256)),
  );
  const cases: (() => BodyCase)[] = [
    () => ({ label: 'plausible JSON', body: json, headers: JSON_TYPE }),
    () => ({ label: 'plausible JSON', body: json, headers: JSON_TYPE }),
    () => ({ label: 'plausible JSON', body: json, headers: JSON_TYPE }),
    () => ({
      label: 'gzip JSON',
      body: gzipSync(json),
      headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
    }),
    () => ({ label: 'broken gzip', body: junk, headers: { ...JSON_TYPE, 'content-encoding': 'gzip' } }),
    () => ({
      label: 'cut gzip',
      body: gzipSync(json).subarray(0, 12),
      headers: { ...JSON_TYPE, 'content-encoding': 'gzip' },
    }),
    () => ({ label: 'broken deflate', body: junk, headers: { ...JSON_TYPE, 'content-encoding': 'deflate' } }),
    () => ({ label: 'broken br', body: junk, headers: { ...JSON_TYPE, 'content-encoding': 'br' } }),
    () => ({
      label: 'br JSON',
      body: brotliCompressSync(json),
      headers: { ...JSON_TYPE, 'content-encoding': 'br' },
    }),
    () => ({
      label: 'deflate JSON',
      body: deflateSync(json),
      headers: { ...JSON_TYPE, 'content-encoding': 'deflate' },
    }),
    () => ({
      label: 'unknown encoding',
      body: json,
      headers: { ...JSON_TYPE, 'content-encoding': pick(random, ['zip', 'gzip, br', 'x-foo', 'compress']) },
    }),
    () => ({
      label: 'invalid JSON',
      body: Buffer.from(pick(random, ['{', '{"a":}', "{'a':1}", '[1,]'])),
      headers: JSON_TYPE,
    }),
    () => ({ label: 'junk bytes', body: junk, headers: JSON_TYPE }),
    () => ({
      label: 'not an object',
      body: Buffer.from(pick(random, ['1', '"text"', 'null', 'true', '[]', '[1,2,3]', '1e400', '-0'])),
      headers: JSON_TYPE,
    }),
    () => ({ label: 'deep arrays', body: Buffer.from(DEEP_ARRAYS), headers: JSON_TYPE }),
    () => ({ label: 'deep objects', body: Buffer.from(DEEP_OBJECTS), headers: JSON_TYPE }),
    () => ({ label: 'deep job input', body: Buffer.from(DEEP_JOB), headers: JSON_TYPE }),
    () => ({
      label: 'huge numbers',
      body: Buffer.from(
        '{"handles":[1e400,-1e400],"emails":[1e400],"pages":1e400,"limit":123456789012345678901234567890,"startPage":1e400,"deadlineMs":1e400,"maxPages":-1e400,"ids":[1e400]}',
      ),
      headers: JSON_TYPE,
    }),
    () => ({
      label: 'charset',
      body: json,
      headers: {
        'content-type': `application/json; charset=${pick(random, ['utf-16', 'latin1', 'x-unknown', 'utf-32', '"', 'utf-8'])}`,
      },
    }),
    () => ({
      label: 'invalid UTF-8',
      body: Buffer.concat([
        Buffer.from('{"handles":["'),
        Buffer.from([0xff, 0xfe, 0xc0]),
        Buffer.from('"]}'),
      ]),
      headers: JSON_TYPE,
    }),
    () => ({
      label: 'content type',
      body: json,
      headers: {
        'content-type': pick(random, [
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/json;;;',
          'application/vnd.api+json',
          '',
        ]),
      },
    }),
    () => ({ label: 'empty', body: Buffer.alloc(0), headers: JSON_TYPE }),
  ];
  return pick(random, cases)();
}

const PATH_VALUES = [
  '%ff',
  '%',
  '%E0%A4%A',
  '%c0%af',
  '%00',
  '%2F',
  '%2e%2e',
  'x'.repeat(4000),
  encodeURIComponent('é😀'),
  'job_nope',
  'key_nope',
  '123',
  '-1',
  '1e400',
  'instagram',
  'brands',
  'users',
  'ig',
  'nothing',
];

function pathOf(random: Random, route: AppRoute): string {
  let path = route.path;
  for (const name of pathParams(route.path)) {
    const real = name === 'id' && route.path.startsWith('/api/jobs') ? [realJobId] : [];
    path = path.replace(`:${name}`, pick(random, [...PATH_VALUES, ...real, ...real]));
  }
  return path;
}

const QUERY_KEYS = [
  'limit',
  'after',
  'withHeader',
  'q',
  'query',
  'prefix',
  'email',
  'recent',
  'platform',
  'x',
];
const QUERY_VALUES = [
  '1',
  '0',
  '-1',
  '1e400',
  'NaN',
  'true',
  'yes',
  '%ff',
  '%',
  '',
  'a'.repeat(3000),
  '%00',
  '1.5',
];

function queryOf(random: Random): string {
  if (random() < 0.4) return '';
  const pairs = Array.from(
    { length: 1 + Math.floor(random() * 4) },
    () => `${pick(random, QUERY_KEYS)}${random() < 0.1 ? '[]' : ''}=${pick(random, QUERY_VALUES)}`,
  );
  return `?${pairs.join('&')}`;
}

function generate(random: Random, route: AppRoute): { request: Sent; label: string } {
  const method =
    random() < 0.9 ? route.method : pick(random, ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
  // Mostly a valid credential, so that most requests get past the authenticator to the code
  // that reads them; a quarter without one, or with one that is no good.
  const credentialName =
    random() < 0.75
      ? pick(random, ['devKey', 'memberKey', 'idToken'])
      : pick(random, ['none', 'none', 'madeUpKey', 'madeUpToken', 'basic', 'emptyBearer']);
  const headers: Record<string, string> = {};
  const credential = credentials[credentialName];
  if (credential !== null && credential !== undefined) headers.authorization = credential;
  if (random() < 0.1)
    headers['x-request-id'] = pick(random, ['ok-id', 'bad id with spaces', 'x'.repeat(500)]);
  const withBody = BODY_METHODS.has(method) ? random() < 0.9 : random() < 0.15;
  const body = withBody ? bodyCase(random) : null;
  return {
    request: {
      method,
      path: `${pathOf(random, route)}${queryOf(random)}`,
      headers: { ...headers, ...(body?.headers ?? {}) },
      ...(body === null ? {} : { body: body.body }),
    },
    label: `${method} as ${credentialName}${body === null ? '' : ` with ${body.label}`}`,
  };
}

// ---- the check --------------------------------------------------------------------------------

function problemOf(request: Sent, answer: Answer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.headers['x-content-type-options'] !== 'nosniff') return 'no X-Content-Type-Options: nosniff';
  if (answer.headers['content-security-policy'] === undefined) return 'no Content-Security-Policy';
  if (answer.status < 400 || request.method === 'HEAD') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.text);
  } catch {
    return `answered ${answer.status} without JSON: ${answer.text.slice(0, 80)}`;
  }
  const error = (parsed as { error?: { code?: unknown; message?: unknown } }).error;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string')
    return `answered ${answer.status} without { error: { code, message } }`;
  if (!/^[A-Za-z].* .*\S$/s.test(error.message))
    return `answered a message that is no sentence: ${error.message}`;
  return null;
}

/**
 * The app's routes, kept here so each gets a test of its own name; the first test fails when the
 * app serves a route this table lacks (or the other way round), so it cannot fall behind.
 */
const ROUTES = [
  'GET /',
  'GET /healthz',
  'GET /readyz',
  'GET /api/openapi.json',
  'POST /api/reports',
  'POST /api/reports/estimate',
  'POST /api/reports/history',
  'POST /api/email-search',
  'POST /api/keys',
  'GET /api/keys',
  'DELETE /api/keys/:id',
  'GET /api/account/usage',
  'GET /api/account/breakdown',
  'GET /api/budgets',
  'PUT /api/budgets',
  'GET /api/documents/:documentId/formula-allowance',
  'PUT /api/documents/:documentId/formula-allowance',
  'POST /api/documents/:documentId/edit-proof',
  'POST /api/documents/:documentId/formula-approvals',
  'GET /api/documents/:documentId/delivery',
  'GET /api/documents/:documentId/status',
  'GET /api/account',
  'GET /api/health',
  'GET /api/admin/unreadable-answers',
  'GET /api/admin/unreadable-answers/:id',
  'POST /api/search',
  'POST /api/overlap',
  'GET /api/dictionaries/:platform/:kind',
  'POST /api/ai/search',
  'GET /api/ai/brands',
  'GET /api/ai/hashtags',
  'GET /api/ai/mentions',
  'GET /api/ai/lists',
  'POST /api/ai/lists',
  'GET /api/ai/lists/:id',
  'DELETE /api/ai/lists/:id',
  'GET /api/ai/lists/:id/members',
  'POST /api/ai/lists/:id/members',
  'DELETE /api/ai/lists/:id/members',
  'POST /api/ai/lists/:id/members/remove',
  'POST /api/collaborations/posts',
  'POST /api/collaborations/summary',
  'POST /api/collaborations/deprecated',
  'POST /api/raw',
  'GET /api/raw/jobs/:id',
  'POST /api/jobs',
  'GET /api/jobs',
  'GET /api/jobs/:id',
  'GET /api/jobs/:id/rows',
  'PUT /api/jobs/:id/delivery',
  'DELETE /api/jobs/:id',
  'GET /api/documents/:documentId/schedules',
  'GET /api/schedules',
  'POST /api/documents/:documentId/schedules',
  'PUT /api/schedules/:id',
  'PATCH /api/schedules/:id',
  'DELETE /api/schedules/:id',
  'POST /api/schedules/:id/run',
  'POST /api/schedules/:id/runs',
  'POST /api/schedules/:id/search',
  'POST /api/schedules/:id/takeover',
  'POST /api/schedules/:id/duplicate',
  'POST /api/schedules/:id/handover',
  'GET /api/documents/:documentId/schedule-alerts',
  'PUT /api/documents/:documentId/schedule-alerts',
  'POST /api/schedule-estimates',
];

describe('no 5xx for any input', () => {
  it('covers every route the app serves', () => {
    const served = appRoutes(world.app).map((route) => `${route.method} ${route.path}`);
    expect([...served].sort()).toEqual([...ROUTES].sort());
  });

  it.each(ROUTES)(
    '%s: generated malformed requests answer success or a 4xx sentence, never 5xx',
    async (name) => {
      const [method = '', path = ''] = name.split(' ');
      const route: AppRoute = { method, path, handlers: [] };
      const random = seededRandom(seedNumber(`${SEED} ${name}`));
      const generated = Array.from({ length: REQUESTS_PER_ROUTE }, () => generate(random, route));
      const problems: string[] = [];
      let next = 0;
      const lane = async () => {
        while (next < generated.length) {
          const { request, label } = generated[next++] as { request: Sent; label: string };
          const answer = await send(request);
          const problem = problemOf(request, answer);
          if (problem !== null) problems.push(`${label} -> ${request.path.slice(0, 100)}: ${problem}`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, lane));
      expect(problems.slice(0, 10)).toEqual([]);
    },
  );
});
