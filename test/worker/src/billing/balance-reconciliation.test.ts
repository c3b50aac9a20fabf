import request from 'supertest';
import { readBalance, reconcile } from '../../../../worker/src/billing/balance-reconciliation';
import { auth, post, SANDBOX_TOKEN, startWorkerWorld, type WorkerWorld } from '../worker-fixture';

/**
 * The ledger against the API account's own balance (the sandbox's, read through `/user/info` like
 * the real one): equal when the worker recorded everything the API charged, and a difference with
 * its window when someone else spent through the token or a call was counted unconfirmed.
 */

let world: WorkerWorld;
beforeAll(async () => {
  world = await startWorkerWorld();
});
afterAll(async () => world.close());

const deps = () => ({ store: world.deps.store, upstream: world.deps.upstream, clock: world.deps.clock });

it('says nothing before two readings, then matches what the worker spent in the window', async () => {
  await readBalance(deps());
  expect(await reconcile(deps())).toBeNull();
  const res = await post(world, '/api/reports', {
    handles: world.handles(2, 'instagram', 700),
    platform: 'instagram',
  });
  expect(res.body.counts.fetched).toBe(2);
  await readBalance(deps());
  expect(await reconcile(deps())).toMatchObject({
    balanceDrop: 2,
    recorded: 2,
    unconfirmed: 0,
    difference: 0,
  });
});

it('shows what another client of the same token spent, with its window, to admins', async () => {
  await readBalance(deps());
  // Someone else with the worker's token: the API charges, the ledger never hears of it.
  const [other] = world.handles(1, 'instagram', 710);
  const direct = await fetch(`${world.sandboxUrl}/v1/instagram/profile/${other}/report`, {
    headers: { Authorization: `Bearer ${SANDBOX_TOKEN}` },
  });
  expect(direct.status).toBe(200);
  await readBalance(deps());
  expect(await reconcile(deps())).toMatchObject({ balanceDrop: 1, recorded: 0, difference: 1 });

  const admin = await request(world.app).get('/api/health').set(auth());
  expect(admin.body.reconciliation).toMatchObject({ balanceDrop: 1, recorded: 0, difference: 1 });
  expect(Date.parse(admin.body.reconciliation.from)).toBeLessThan(Date.parse(admin.body.reconciliation.to));
});
