import {
  instagramReportWithVendorPartialHistory,
  reportInAShapeNobodyReads,
  retryLaterOn200,
} from './recorded-answers';
import { startLiveWorld, type LiveWorld } from './live-world';

/**
 * The money rules of the tolerant reader, in live mode against a local upstream over HTTP: a paid
 * 2xx is never thrown away (billed once, recorded once, bought once however often a sheet
 * recalculates), an answer that says it failed is never billed, and the ledger equals what the
 * service charged.
 */

let world: LiveWorld;
beforeEach(async () => {
  world = await startLiveWorld();
});
afterEach(async () => world.close());

const UNREADABLE =
  /^The API answered in a shape this version cannot read; it was billed once and no new charge follows \(kept for an admin as answer (ans_[\w-]+)\)$/;

async function ledgerCredits(email: string): Promise<number> {
  const rows = await world.deps.store.ledger.recent(email);
  return rows.reduce((sum, row) => sum + Math.round(row.actualCredits * 1000), 0) / 1000;
}

describe('an unreadable paid report', () => {
  it('is billed once, recorded once and bought once over ten recalculations', async () => {
    world.upstream.answer('report', (call) => ({
      body: reportInAShapeNobodyReads(call.path.split('/')[4]),
      credits: 1,
    }));
    const rows: unknown[] = [];
    for (let refresh = 0; refresh < 10; refresh += 1) {
      const res = await world.post('/api/reports', { handles: ['@ada.runs'], platform: 'instagram' });
      expect(res.status).toBe(200);
      rows.push(res.body.rows[0][0]);
    }
    expect(world.upstream.callsOf('report')).toBe(1);
    expect(new Set(rows).size).toBe(1);
    expect(String(rows[0])).toMatch(UNREADABLE);

    const ledger = await world.deps.store.ledger.recent(world.member);
    expect(ledger.filter((row) => row.actualCredits > 0)).toHaveLength(1);
    expect(await ledgerCredits(world.member)).toBe(world.upstream.charged().credits);
    expect(world.upstream.charged().credits).toBe(1);
    // It counts against the budget like any spend.
    const usage = await world.get('/api/account/usage');
    expect(JSON.stringify(usage.body)).toContain('"spent":1');
  });

  it('is kept for an admin (bounded, no token) and only an admin may read it', async () => {
    world.upstream.answer('report', (call) => ({
      body: reportInAShapeNobodyReads(call.path.split('/')[4]),
      credits: 1,
    }));
    const res = await world.post('/api/reports', { handles: ['@ada.runs'], platform: 'instagram' });
    const id = UNREADABLE.exec(String(res.body.rows[0][0]))?.[1] ?? '';

    expect((await world.get(`/api/admin/unreadable-answers/${id}`)).status).toBe(403);
    const kept = await world.get(`/api/admin/unreadable-answers/${id}`, world.admin);
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ id, operation: 'report', status: 200, credits: 1, truncated: false });
    expect(JSON.parse(kept.body.body)).toEqual(reportInAShapeNobodyReads('ada.runs'));
    const list = await world.get('/api/admin/unreadable-answers', world.admin);
    expect(list.body.answers.map((answer: { id: string }) => answer.id)).toEqual([id]);
    expect(JSON.stringify(list.body)).not.toContain('live-recorded-token');

    const health = await world.get('/api/health', world.admin);
    expect(health.body.contract.unreadableAnswers).toEqual([
      expect.objectContaining({ id, operation: 'report' }),
    ]);
    const report = health.body.contract.drifting.find(
      (entry: { operation: string }) => entry.operation === 'report',
    );
    expect(report).toMatchObject({ answers: 1, unreadable: 1 });
  });

  it('a 200 that is not JSON at all is billed once too, never retried into a second charge', async () => {
    world.upstream.answer('report', { body: '<html>upstream glitch</html>', credits: 1 });
    for (let refresh = 0; refresh < 3; refresh += 1) {
      const res = await world.post('/api/reports', { handles: ['@ada.runs'], platform: 'instagram' });
      expect(String(res.body.rows[0][0])).toMatch(UNREADABLE);
    }
    expect(world.upstream.callsOf('report')).toBe(1);
    expect(await ledgerCredits(world.member)).toBe(1);
  });
});

describe('an answer that says it failed', () => {
  it('is never billed, whatever its status, and the service words it', async () => {
    world.upstream.answer('report', { body: retryLaterOn200, credits: 1 });
    world.upstream.answer('audienceOverlap', {
      status: 200,
      body: { error: true, code: 'empty_audience', message: 'Audience data is not available yet' },
      credits: 1,
    });
    await world.post('/api/reports', { handles: ['@slow'], platform: 'instagram' });
    const overlap = await world.post('/api/overlap', { platform: 'instagram', handles: ['@a', '@b'] });
    expect(overlap.status).toBe(502);
    expect(overlap.body.error).toEqual({
      code: 'empty_audience',
      message: 'The Discovery API answered "empty_audience": Audience data is not available yet',
    });
    expect(world.upstream.charged().credits).toBe(0);
    expect(await world.deps.store.ledger.recent(world.member)).toEqual([]);
  });
});

describe('unreadable answers of per-item prices', () => {
  it('an e-mail batch: billed for what it listed, every address marked, none sent again, none kept in plain text', async () => {
    const emails = ['Ada@Example.com', 'bo@example.com', 'cy@example.com'];
    world.upstream.answer('emailSearch', (call) => {
      const sent = (call.body as { emails: string[] }).emails;
      // Matches as bare strings: nothing a row can be made of, but the service billed two.
      return { body: { error: false, matchedEmails: sent.slice(0, 2) }, credits: 0.04 };
    });
    for (let refresh = 0; refresh < 10; refresh += 1) {
      const res = await world.post('/api/email-search', { emails });
      expect(res.status).toBe(200);
      const statuses = res.body.rows.map((row: unknown[]) => row[1]);
      expect(statuses).toHaveLength(3);
      for (const status of statuses) expect(String(status)).toMatch(UNREADABLE.source.slice(1, 60));
    }
    expect(world.upstream.callsOf('emailSearch')).toBe(1);
    expect(await ledgerCredits(world.member)).toBe(0.04);
    expect(world.upstream.charged().credits).toBe(0.04);

    const [answer] = (await world.get('/api/admin/unreadable-answers', world.admin)).body.answers;
    const kept = await world.get(`/api/admin/unreadable-answers/${answer.id}`, world.admin);
    expect(kept.body.body).not.toMatch(/example\.com/i);
    expect(kept.body.body).toMatch(/\[e-mail [0-9a-f]{12}\]/);
  });

  it('a search page: billed for the items it listed, cached under the page key, a notice row', async () => {
    world.upstream.answer('search', {
      body: { error: false, directs: 'moved', lookalikes: [{ id: 1 }, { id: 2 }, { id: 3 }] },
      credits: 0.03,
    });
    const body = { platform: 'instagram', filter: { influencer: { followers: { min: 5000 } } }, pages: 2 };
    for (let refresh = 0; refresh < 10; refresh += 1) {
      const res = await world.post('/api/search', body);
      expect(res.status).toBe(200);
      expect(res.body.rows).toHaveLength(1);
      expect(String(res.body.rows[0][0])).toMatch(UNREADABLE);
    }
    // The unreadable first page ends the search: no second page is bought blind.
    expect(world.upstream.callsOf('search')).toBe(1);
    expect(await ledgerCredits(world.member)).toBe(0.03);
    expect(world.upstream.charged().credits).toBe(0.03);
  });
});

describe('jobs', () => {
  it('a bulk report job with one unreadable creator: its row says so, the rest are reports, the ledger equals the charge', async () => {
    world.upstream.answer('report', (call) => {
      const username = call.path.split('/')[4];
      return {
        body:
          username === 'bo.bikes'
            ? reportInAShapeNobodyReads(username)
            : instagramReportWithVendorPartialHistory(username),
        credits: 1,
      };
    });
    const runner = world.deps.jobRunner;
    const created = await world.post('/api/jobs', {
      kind: 'bulk-reports',
      input: {
        handles: ['@ada.runs', '@bo.bikes', '@cy.cooks'],
        platform: 'instagram',
        fields: 'handle,followers',
      },
    });
    expect(created.status).toBe(202);
    await runner.idle();
    const job = await world.get(`/api/jobs/${created.body.id}`);
    expect(job.body).toMatchObject({ status: 'done', done: 3, creditsSpent: 3 });
    const rows = await world.get(`/api/jobs/${created.body.id}/rows?after=0&limit=10`);
    const cells = rows.body.rows.map((entry: { row: unknown[] }) => entry.row);
    expect(cells[0]).toEqual(['ada.runs', 48210]);
    expect(String(cells[1][0])).toMatch(UNREADABLE);
    expect(cells[2]).toEqual(['cy.cooks', 48210]);
    expect(await ledgerCredits(world.member)).toBe(3);
    expect(world.upstream.charged().credits).toBe(3);

    // The same creators again, as a formula would ask: all from the cache, nothing bought.
    await world.post('/api/reports', {
      handles: ['@ada.runs', '@bo.bikes', '@cy.cooks'],
      platform: 'instagram',
    });
    expect(world.upstream.callsOf('report')).toBe(3);
  });
});
