import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openPostgresStore } from '../../../../../worker/src/store/postgres/postgres-store';
import type { Store } from '../../../../../worker/src/store/store';
import type { SharedPace } from '../../../../../worker/src/upstream/throttle';
import { freshPostgresDatabase } from '../store-engines';

/**
 * The upstream pace shared by instances on one Postgres store: each booking gets its own slot, one
 * interval after the one before, whichever instance books it. Intervals of whole seconds keep the
 * checks far from the few milliseconds a booking takes.
 */

let database: { url: string; drop: () => Promise<void> };
let opened: Store[];
const secret = randomBytes(32);

beforeEach(async () => {
  database = await freshPostgresDatabase();
  opened = [];
});
afterEach(async () => {
  for (const store of opened) await store.close();
  await database.drop();
});

async function paceOfInstance(tokenHash: string): Promise<SharedPace> {
  const store = await openPostgresStore({ url: database.url, secret, poolSize: 4 });
  opened.push(store);
  const pace = store.sharedPace(tokenHash);
  if (pace === null) throw new Error('a Postgres store shares its pace');
  return pace;
}

describe('the pace shared by instances', () => {
  it('gives bookings through three instances at once one slot each, an interval apart', async () => {
    const paces = [await paceOfInstance('t1'), await paceOfInstance('t1'), await paceOfInstance('t1')];
    const delays = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => (await paces[i % 3].book('discovery', 1000)).delayMs),
    );
    const sorted = [...delays].sort((x, y) => x - y);
    expect(sorted[0]).toBe(0);
    for (let i = 1; i < sorted.length; i += 1) {
      // Each slot one interval after the one before, give or take the little time between two
      // bookings: a booking that waited for the row's lock counts its wait from when its statement
      // began, so it may wait a few milliseconds longer (never shorter: the pace is never beaten).
      expect(sorted[i] - sorted[i - 1]).toBeGreaterThan(800);
      expect(sorted[i] - sorted[i - 1]).toBeLessThanOrEqual(1100);
    }
  });

  it('keeps families and token hashes apart, one row each', async () => {
    const [a, b] = [await paceOfInstance('hash-a'), await paceOfInstance('hash-b')];
    expect((await a.book('discovery', 5000)).delayMs).toBe(0);
    expect((await a.book('ai', 5000)).delayMs).toBe(0);
    expect((await b.book('discovery', 5000)).delayMs).toBe(0);
    expect((await a.book('discovery', 5000)).delayMs).toBeGreaterThan(4000);
    const client = new Client({ connectionString: database.url });
    await client.connect();
    const { rows } = await client.query<{ bucket: string }>('SELECT bucket FROM rate_slots ORDER BY bucket');
    await client.end();
    expect(rows.map((row) => row.bucket)).toEqual(['hash-a:ai', 'hash-a:discovery', 'hash-b:discovery']);
  });

  it('holds the family for every instance after a 429', async () => {
    const [a, b] = [await paceOfInstance('t'), await paceOfInstance('t')];
    await a.hold('discovery', 3000);
    expect((await b.book('discovery', 500)).delayMs).toBeGreaterThan(2500);
  });

  it('books the turn a window after a late start no earlier than a window after that real start', async () => {
    const [a, b] = [await paceOfInstance('late'), await paceOfInstance('late')];
    // Two a second (a turn every 500 ms): the first request started 300 ms after its slot.
    const first = await a.book('discovery', 500);
    await b.book('discovery', 500);
    await a.startedLate('discovery', first, 300, { limit: 2, spanMs: 1000 });
    // The third turn is two after the first: a whole second after its real start, 300 ms later
    // than the pace alone would give it (1,000 ms after the first slot).
    const third = await b.book('discovery', 500);
    expect(third.delayMs).toBeGreaterThan(1200);
    expect(third.delayMs).toBeLessThanOrEqual(1300);
  });

  it('leaves bookings alone when a start was late by less than they already leave', async () => {
    const [a, b] = [await paceOfInstance('late-ok'), await paceOfInstance('late-ok')];
    const first = await a.book('discovery', 500);
    await b.book('discovery', 500);
    await b.book('discovery', 500);
    // The third turn is already booked: a late first start moves only what comes after it.
    await a.startedLate('discovery', first, 300, { limit: 2, spanMs: 1000 });
    const fourth = await b.book('discovery', 500);
    expect(fourth.delayMs).toBeGreaterThan(1400);
    expect(fourth.delayMs).toBeLessThanOrEqual(1550);
  });
});
