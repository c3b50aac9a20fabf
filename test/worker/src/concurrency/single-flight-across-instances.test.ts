import express, { type Express } from 'express';
import { Client } from 'pg';
import request from 'supertest';
import { errorHandler, notFoundHandler } from '../../../../worker/src/request-io/error-answer';
import { requestContext } from '../../../../worker/src/logging/request-context';
import { createEmailSearchRouter } from '../../../../worker/src/operations/email-search/email-search-router';
import { createReportsRouter } from '../../../../worker/src/operations/reports/reports-router';
import { operationsRouter } from '../operation-routes-fixture';
import type { Store } from '../../../../worker/src/store/store';
import { workerDepsOn } from '../jobs/jobs-fixture';
import { matchedEmails } from '../../../support/email-supply';
import { instancesOnOneDatabase } from '../store/postgres/instances-on-one-database';
import { auth, callsOf, startWorkerWorld, type WorkerWorld } from '../worker-fixture';

/**
 * Single flight across worker instances on one Postgres store: what one instance is buying, the
 * others wait for and then read from the cache. Each instance is a store of its own (its own pools
 * and run) with the worker's routes on it, against one sandbox.
 */

let world: WorkerWorld;
const postgres = instancesOnOneDatabase();

beforeAll(async () => {
  world = await startWorkerWorld();
});
afterAll(async () => {
  await world.close();
});
beforeEach(async () => {
  await world.resetStats();
});

function instanceStore(): Promise<Store> {
  return postgres().instance();
}

async function instanceApp(): Promise<Express> {
  const deps = workerDepsOn(world, await instanceStore());
  const app = express();
  app.use(requestContext(deps.logger));
  app.use(createReportsRouter(deps));
  app.use(operationsRouter(deps));
  app.use(createEmailSearchRouter(deps));
  app.use(notFoundHandler());
  app.use(errorHandler(deps.logger));
  return app;
}

/** Resolves once some session waits for an advisory lock (an instance queued behind another). */
async function someoneWaitsForALock(): Promise<void> {
  const client = new Client({ connectionString: postgres().url });
  await client.connect();
  try {
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted",
      );
      if ((rows[0]?.n ?? 0) > 0) return;
    }
  } finally {
    await client.end();
  }
}

describe('single flight across instances', () => {
  it('runs work under one key in one instance at a time, and under other keys at once', async () => {
    const [a, b] = [await instanceStore(), await instanceStore()];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const order: string[] = [];
    const first = a.oneAtATime('report:ig:1', async () => {
      order.push('a starts');
      await gate;
      order.push('a ends');
    });
    while (!order.includes('a starts')) await new Promise((resolve) => setImmediate(resolve));
    const second = b.oneAtATime('report:ig:1', async () => {
      order.push('b starts');
    });
    // Another key is not held up by the first one.
    await b.oneAtATime('report:ig:2', async () => {
      order.push('other key');
    });
    await someoneWaitsForALock();
    expect(order).toEqual(['a starts', 'other key']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['a starts', 'other key', 'a ends', 'b starts']);
  });

  it('lets work that fails free its key for the next instance', async () => {
    const [a, b] = [await instanceStore(), await instanceStore()];
    await expect(
      a.oneAtATime('k', async () => {
        throw new Error('the API is down');
      }),
    ).rejects.toThrow('the API is down');
    expect(await b.oneAtATime('k', async () => 'ran')).toBe('ran');
  });

  it('buys 10 uncached reports asked through three instances at once once each', async () => {
    const apps = [await instanceApp(), await instanceApp(), await instanceApp()];
    const handles = world.handles(10, 'instagram', 40);
    const answers = await Promise.all(
      apps.map((app) =>
        request(app).post('/api/reports').set(auth()).send({ handles, platform: 'instagram' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(callsOf(await world.stats(), 'report')).toBe(10);
    expect(answers[1].body.rows).toEqual(answers[0].body.rows);
    expect(answers[2].body.rows).toEqual(answers[0].body.rows);
    const fetched = answers.reduce((sum, answer) => sum + (answer.body.counts.fetched as number), 0);
    expect(fetched).toBe(10);
  });

  it('buys one audience overlap asked through three instances at once, once', async () => {
    const apps = [await instanceApp(), await instanceApp(), await instanceApp()];
    const handles = world.handles(3, 'instagram', 60);
    const answers = await Promise.all(
      apps.map((app) =>
        request(app).post('/api/overlap').set(auth()).send({ handles, platform: 'instagram' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(callsOf(await world.stats(), 'audienceOverlap')).toBe(1);
    expect(answers[1].body.rows).toEqual(answers[0].body.rows);
    expect(answers[2].body.rows).toEqual(answers[0].body.rows);
    // One answer paid its credit; the other two say they came from what it bought.
    expect(answers.map((answer) => answer.body.credits as number).sort()).toEqual([0, 0, 1]);
  });

  it('looks the same e-mail addresses up once when three instances are asked for them at once', async () => {
    const apps = [await instanceApp(), await instanceApp(), await instanceApp()];
    const emails = [...matchedEmails(world.sandbox.state.world).slice(0, 30), 'nobody@inbox-7.test'];
    const answers = await Promise.all(
      apps.map((app) => request(app).post('/api/email-search').set(auth()).send({ emails })),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const stats = await world.stats();
    expect(callsOf(stats, 'emailSearch')).toBe(1);
    expect(stats.credits).toBeCloseTo(0.02 * 30, 6);
    expect(answers[1].body.rows).toEqual(answers[0].body.rows);
    expect(answers[2].body.rows).toEqual(answers[0].body.rows);
  });

  it('fetches a dictionary page asked through three instances at once, once', async () => {
    const apps = [await instanceApp(), await instanceApp(), await instanceApp()];
    const answers = await Promise.all(
      apps.map((app) => request(app).get('/api/dictionaries/instagram/hashtags?q=fit&limit=5').set(auth())),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(callsOf(await world.stats(), 'dictionaryHashtags')).toBe(1);
    expect(answers[1].body.rows).toEqual(answers[0].body.rows);
    expect(answers[2].body.rows).toEqual(answers[0].body.rows);
  });

  it('buys one fresh report when three instances are asked to refresh the same creators at once', async () => {
    const apps = [await instanceApp(), await instanceApp(), await instanceApp()];
    const handles = world.handles(2, 'instagram', 80);
    await request(apps[0]).post('/api/reports').set(auth()).send({ handles, platform: 'instagram' });
    expect(callsOf(await world.stats(), 'report')).toBe(2);
    const answers = await Promise.all(
      apps.map((app) =>
        request(app).post('/api/reports').set(auth()).send({ handles, platform: 'instagram', refresh: true }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(callsOf(await world.stats(), 'report')).toBe(4);
    const fetched = answers.reduce((sum, answer) => sum + (answer.body.counts.fetched as number), 0);
    expect(fetched).toBe(2);
  });
});
