import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { STILL_FETCHING } from '../../../../../worker/src/upstream/deadline';
import { emailSupply, matchedEmails } from '../../../../support/email-supply';
import { auth, callsOf, post, startWorkerWorld, type WorkerWorld } from '../../worker-fixture';

/**
 * `POST /api/email-search` writes its rows as they become final, while later batches are still on
 * their way (issue 28): an enrichment of 100,000 addresses then has nothing left to build at the
 * end, and never holds its whole answer. The status must still be the whole request's: nothing is
 * written while the request may yet fail as a whole.
 */

let world: WorkerWorld;
let known: string[] = [];
const { takeKnown, takeUnknown } = emailSupply(
  () => known,
  (n) => `streamed.${n}@nowhere${n % 5}.org`,
);
let server: http.Server;
let port: number;

beforeAll(async () => {
  world = await startWorkerWorld();
  known = matchedEmails(world.sandbox.state.world);
  server = world.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await world.close();
});
beforeEach(async () => {
  await world.sandboxAdmin('PUT', '/faults', { latencyMs: 0, serverErrorShare: 0 });
  await world.resetStats();
});

/** Posts over a real socket; notes how many lookups the API had answered when the first body bytes came. */
function postWatchingFirstBytes(
  body: unknown,
): Promise<{ status: number; json: unknown; callsAtFirstBytes: number }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        port,
        host: '127.0.0.1',
        path: '/api/email-search',
        method: 'POST',
        headers: {
          ...auth(),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        let callsAtFirstBytes: Promise<number> | null = null;
        res.on('data', (chunk: Buffer) => {
          callsAtFirstBytes ??= world.stats().then((stats) => callsOf(stats, 'emailSearch'));
          chunks.push(chunk);
        });
        res.on('end', () => {
          void (callsAtFirstBytes ?? Promise.resolve(-1)).then((calls) =>
            resolve({
              status: res.statusCode ?? 0,
              json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown,
              callsAtFirstBytes: calls,
            }),
          );
        });
        res.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

describe('an e-mail search answered as its batches land', () => {
  it('writes the rows of the first batches while the last one is still on its way', async () => {
    // Three batches of 1,000 in input order; two in flight at once, each answered 500 ms after it left.
    const emails = [...takeKnown(5), ...takeUnknown(2995)];
    await world.sandboxAdmin('PUT', '/faults', { latencyMs: 500 });

    const answer = await postWatchingFirstBytes({ emails, deadlineMs: 60_000 });

    expect(answer.status).toBe(200);
    expect(answer.callsAtFirstBytes).toBeGreaterThanOrEqual(1);
    expect(answer.callsAtFirstBytes).toBeLessThan(3);
    const body = answer.json as { rows: unknown[][]; pending: number; counts: Record<string, number> };
    expect(body.rows).toHaveLength(3000);
    expect(body.rows.slice(0, 5).map((row) => row[1])).toEqual(Array(5).fill('matched'));
    expect(new Set(body.rows.slice(5).map((row) => row[1]))).toEqual(new Set(['no match']));
    expect(body).toMatchObject({
      pending: 0,
      awaitingApproval: 0,
      counts: { unique: 3000, batches: 3, matched: 5 },
    });
  });

  it('writes what the deadline finds and says the rest is still being fetched', async () => {
    const emails = takeUnknown(1500);
    await world.sandboxAdmin('PUT', '/faults', { latencyMs: 400 });

    const res = await post(world, '/api/email-search', { emails, deadlineMs: 200 });

    expect(res.status).toBe(200);
    expect(res.body.pending).toBe(1500);
    expect(res.body.rows.every((row: unknown[]) => row[1] === STILL_FETCHING)).toBe(true);
    expect(await world.deps.background.drain(10_000)).toBe(true);
  });

  it('answers the error of the whole request when no batch could be answered, with no row written', async () => {
    await world.sandboxAdmin('PUT', '/faults', { serverErrorShare: 1 });
    const res = await post(world, '/api/email-search', { emails: takeUnknown(10) });

    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.body).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
  });
});
