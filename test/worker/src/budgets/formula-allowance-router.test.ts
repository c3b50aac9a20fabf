import request from 'supertest';
import type { FormulaAllowanceAnswer } from '../../../../shared/worker-api/formula-allowance';
import { auth, callsOf, post, startWorkerWorld, type WorkerWorld } from '../worker-fixture';

/**
 * A document's formula allowance through the whole worker (the real sandbox as the upstream): a
 * document key's formulas spend up to 5 credits a day on their own; beyond that they fetch nothing
 * new, their rows say what they need, the ask waits in the sidebar, and an approval by whoever
 * connected the document lets the next recalculation fill them in.
 */

const DOC = 'doc_allowance_1234567890';
const ANA = 'ana@team.com';
const BOB = 'bob@team.com';

let world: WorkerWorld;
let anaKey: string;
let bobKey: string;
let documentKey: string;
/** Each test takes its own creators, so the cache never answers for another test. */
let next = 10;
const fresh = (count: number) => {
  const handles = world.handles(count, 'instagram', next);
  next += count;
  return handles;
};

const formula = (handles: string[], key = documentKey) =>
  post(world, '/api/reports', { handles, platform: 'instagram' }, key);
const allowance = async (key: string, documentId = DOC) => {
  const res = await request(world.app).get(`/api/documents/${documentId}/formula-allowance`).set(auth(key));
  return res;
};
const approve = (key: string, credits: unknown) =>
  request(world.app).post(`/api/documents/${DOC}/formula-approvals`).set(auth(key)).send({ credits });
const setPerDay = (key: string, perDay: unknown) =>
  request(world.app).put(`/api/documents/${DOC}/formula-allowance`).set(auth(key)).send({ perDay });

beforeAll(async () => {
  world = await startWorkerWorld({ env: { FORMULA_ALLOWANCE_DAY: '5' } });
  const { keys } = world.deps.store;
  anaKey = (await keys.issue(ANA)).key;
  bobKey = (await keys.issue(BOB)).key;
  documentKey = (await keys.issue(ANA, DOC)).key;
});
afterAll(async () => {
  await world.close();
});
beforeEach(async () => {
  await world.resetStats();
});

describe('a document key within its formula allowance', () => {
  it('fetches as before and files the spend under the document, billed to whoever connected it', async () => {
    const handles = fresh(3);
    const res = await formula(handles);

    expect(res.status).toBe(200);
    expect(res.body.rows.map((row: unknown[]) => row[0])).toEqual(handles);
    expect(res.body.awaitingApproval).toBe(0);
    expect(callsOf(await world.stats(), 'report')).toBe(3);
    const spend = await world.deps.store.ledger.spend({ period: 'day', documentId: DOC });
    expect(spend.credits).toBe(3);
    const billed = await world.deps.store.ledger.recent(ANA);
    expect(billed.some((entry) => entry.actualCredits > 0)).toBe(true);
  });
});

describe('a formula past the allowance', () => {
  let cached: string[];
  let wanted: string[];

  it('fetches nothing new: cached rows are served, new rows say what they need and where to approve it', async () => {
    // Ana's sidebar fetched these earlier (her own key: not the document's allowance).
    cached = fresh(2);
    expect((await formula(cached, anaKey)).status).toBe(200);
    await world.resetStats();
    wanted = fresh(8);

    const res = await formula([...cached, ...wanted]);

    expect(res.status).toBe(200);
    const firstCells = res.body.rows.map((row: unknown[]) => row[0]);
    expect(firstCells.slice(0, 2)).toEqual(cached);
    for (const cell of firstCells.slice(2)) {
      expect(cell).toBe(
        "Needs approval: up to 8 credits, more than this sheet's formulas may spend without asking (5 credits today, 2 are left). Approve it in Extensions > Creator Sheets > Settings, then refresh.",
      );
    }
    expect(res.body.awaitingApproval).toBe(8);
    expect(res.body.pending).toBe(0);
    expect(callsOf(await world.stats(), 'report')).toBe(0);
  });

  it('shows the ask once however often Sheets recalculates it, by the cell that asked, and says who may approve', async () => {
    await formula([...cached, ...wanted]);
    await post(
      world,
      '/api/reports',
      { handles: [...wanted, ...cached], platform: 'instagram', cell: 'Sheet1!B2' },
      documentKey,
    );

    const seen = await allowance(bobKey);
    expect(seen.status).toBe(200);
    const view = seen.body as FormulaAllowanceAnswer;
    expect(view).toMatchObject({
      documentId: DOC,
      connectedBy: ANA,
      perDay: 5,
      isDefault: true,
      approvedToday: 0,
      spentToday: 3,
      pending: 0,
      left: 2,
      askedCredits: 8,
      mayChange: false,
    });
    expect(view.asks).toEqual([
      {
        key: expect.any(String),
        source: { kind: 'formula', cell: 'Sheet1!B2' },
        operation: 'report',
        credits: 8,
        items: 8,
        at: expect.any(Number),
      },
    ]);

    const refused = await approve(bobKey, 8);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain(`Only ${ANA}, who connected this document's formulas`);
    expect((await allowance(anaKey)).body.mayChange).toBe(true);
  });

  it('fills in on the next recalculation once whoever connected the document approves the cost', async () => {
    const approved = await approve(anaKey, 8);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ approvedToday: 8, left: 10, asks: [], askedCredits: 0 });

    const res = await formula([...cached, ...wanted]);

    expect(res.body.rows.map((row: unknown[]) => row[0])).toEqual([...cached, ...wanted]);
    expect(res.body.awaitingApproval).toBe(0);
    expect(callsOf(await world.stats(), 'report')).toBe(8);
    expect((await allowance(anaKey)).body).toMatchObject({ spentToday: 11, left: 2 });
  });

  it('holds e-mail search and audience overlap to the same allowance', async () => {
    const emails = Array.from({ length: 150 }, (_, i) => `someone.${i}@allowance.example`);
    const lookups = await post(world, '/api/email-search', { emails, withHeader: true }, documentKey);
    expect(lookups.status).toBe(200);
    expect(lookups.body.awaitingApproval).toBe(150);
    expect(lookups.body.rows[1][1]).toMatch(
      /Needs approval: up to 3 credits, more than this sheet's formulas/,
    );

    await setPerDay(anaKey, 0);
    const overlap = await post(
      world,
      '/api/overlap',
      { handles: fresh(2), platform: 'instagram', deadlineMs: 5000 },
      documentKey,
    );
    expect(overlap.status).toBe(200);
    expect(overlap.body).toMatchObject({ awaitingApproval: 1, pending: 0 });
    expect(overlap.body.rows[0][0]).toMatch(/^Needs approval: up to 1 credit,/);
    const stats = await world.stats();
    expect(callsOf(stats, 'emailSearch') + callsOf(stats, 'audienceOverlap')).toBe(0);
  });
});

describe('setting the allowance', () => {
  it('takes credits a day or null for no cap, refuses nonsense with a reason, and a document key may not', async () => {
    expect((await setPerDay(anaKey, -1)).body.error.message).toBe('perDay must be at least 0, got -1');
    expect((await setPerDay(anaKey, 20_000)).status).toBe(400);
    expect((await setPerDay(anaKey, '5')).status).toBe(400);
    expect((await approve(anaKey, 0)).body.error.message).toMatch(/^credits must be/);
    // A slipped key (an extra zero or three) is refused, not approved.
    expect((await approve(anaKey, 20_000)).status).toBe(400);
    expect((await setPerDay(documentKey, 100)).status).toBe(403);
    expect((await allowance(documentKey)).status).toBe(403);
    expect((await allowance(anaKey, 'bad id!')).status).toBe(400);

    const open = await setPerDay(anaKey, null);
    expect(open.status).toBe(200);
    expect(open.body).toMatchObject({ perDay: null, isDefault: false, left: null });
    const res = await formula(fresh(12));
    expect(res.body.awaitingApproval).toBe(0);
    expect(callsOf(await world.stats(), 'report')).toBe(12);
  });

  it('is an admin’s to change too, and a document nobody connected says so', async () => {
    const admin = await approve('dev-key-for-worker-tests', 1);
    expect(admin.status).toBe(200);
    const nobody = await request(world.app)
      .put('/api/documents/never_connected_123456/formula-allowance')
      .set(auth(bobKey))
      .send({ perDay: 3 });
    expect(nobody.status).toBe(403);
    expect(nobody.body.error.message).toContain("Nobody has connected this document's formulas yet");
  });
});
