import type { CheckReport } from '../../../../worker/src/verify/check-report';
import type { LiveCheckResult } from '../../../../worker/src/verify/verify-live';
import { verifyReportText } from '../../../../worker/src/verify/verify-report';
import { startLiveSandbox, type LiveSandbox } from './live-sandbox';

/**
 * `npm run verify:live` against the sandbox standing in for a deployment's API, in the shapes the
 * real service is seen to give and in the older, odder ones: every operation reported with its
 * rows and drift, nothing paid without a cap, never more than the cap (the sandbox's own counters
 * say what was billed).
 */

const FULL = { credits: 2.595, rawRequests: 5 };
const byName = (reports: readonly CheckReport[], start: string) => {
  const found = reports.find((report) => report.name.startsWith(start));
  if (found === undefined) throw new Error(`no check named ${start}`);
  return found;
};
const drift = (report: CheckReport) =>
  (report.drift ?? []).map((finding) => `${finding.kind} ${finding.path}`).sort();

describe('against the sandbox in the odd shapes', () => {
  let api: LiveSandbox;
  beforeAll(async () => {
    api = await startLiveSandbox('odd');
  });
  afterAll(async () => api.close());
  beforeEach(() => api.reset());

  it('calls every free operation and nothing paid without a cap: not a credit, not a raw request', async () => {
    const result = await api.check({ credits: 0, rawRequests: 0 });

    expect(api.billed()).toEqual({ credits: 0, rawRequests: 0 });
    expect(result.paid.length).toBe(12);
    expect(result.paid.every((report) => report.outcome === 'skipped')).toBe(true);
    expect(byName(result.paid, 'search').note).toBe(
      'no credit cap given (--max-credits): nothing that costs credits is called',
    );
    expect(byName(result.paid, 'raw user info (tiktok').note).toBe(
      'no raw request cap given (--max-raw-requests): no raw operation is called',
    );
    expect(result.free.map((report) => report.outcome)).toEqual(Array(17).fill('answered'));
    // Health in its older body, with every group.
    expect(byName(result.free, 'health').note).toBe('status "Healthy" reads as Healthy; 11 groups');
    expect(result.spent).toEqual({ credits: 0, rawRequests: 0 });
    expect(result.ok).toBe(true);
  });

  it('reports every operation with its rows and its drift, as GET /api/health would count it', async () => {
    const result = await api.check(FULL);

    expect([...result.free, ...result.paid].every((report) => report.outcome === 'answered')).toBe(true);
    const search = byName(result.paid, 'search');
    expect(search.rows?.count).toBe(15);
    expect(drift(search)).toEqual(['missing directs[].userId', 'missing total']);
    const email = byName(result.paid, 'e-mail');
    expect(drift(email)).toEqual(['missing notMatchedEmails']);
    expect(drift(byName(result.paid, 'report'))).toEqual(
      expect.arrayContaining(['missing profile.avgComments', 'unknown_value profile.accountType']),
    );
    // The older shapes the reader takes without drift: user info under `user`, search as users/hashtags.
    expect(byName(result.paid, 'raw user info (instagram').rows?.count).toBe(1);
    expect(byName(result.paid, 'raw search').rows?.count).toBeGreaterThan(0);
    expect(drift(byName(result.paid, 'raw search'))).toEqual([]);

    const contract = Object.fromEntries(result.contract.drifting.map((entry) => [entry.operation, entry]));
    expect(Object.keys(contract).sort()).toEqual(['emailSearch', 'report', 'search']);
    expect(contract.search.findings.map((finding) => finding.path).sort()).toEqual([
      'directs[].userId',
      'total',
    ]);
    expect(result.contract.answersRead).toBe(17 + 12);

    // Every credit it reports is one the API billed, and no more than the cap.
    expect(api.billed()).toEqual({ credits: result.spent.credits, rawRequests: 5 });
    expect(result.spent.credits).toBeLessThanOrEqual(FULL.credits);
    for (const report of result.paid) expect(report.spent?.measured).toEqual(report.spent?.priced);
  });
});

describe('against the sandbox in the real shapes', () => {
  let api: LiveSandbox;
  beforeAll(async () => {
    api = await startLiveSandbox('real');
  });
  afterAll(async () => api.close());
  beforeEach(() => api.reset());

  it('reads every answer without drift, and settles what the vendor notes leave open', async () => {
    const result: LiveCheckResult = await api.check(FULL);

    expect(byName(result.free, 'health').note).toBe('status "ok" reads as Healthy; no groups');
    expect(byName(result.free, 'hashtags dictionary (tiktok)')).toMatchObject({
      outcome: 'refused',
      note: expect.stringMatching(
        /^no hashtag dictionary for tiktok, as the vendor's notes say \(HTTP 404 not_found/,
      ),
    });
    expect(byName(result.free, 'hashtags dictionary (instagram)').outcome).toBe('answered');
    expect(result.contract.drifting).toEqual([]);
    expect(result.paid.every((report) => report.outcome === 'answered')).toBe(true);
    // The raw search as `list[].user`, with the keyword it takes.
    expect(byName(result.paid, 'raw search').rows?.count).toBeGreaterThan(0);
    expect(result.ok).toBe(true);
  });

  it.each([0.1, 0.2, 0.4, 1.4])('never spends more than a cap of %s credits', async (cap) => {
    const result = await api.check({ credits: cap, rawRequests: 0 });
    const billed = api.billed();

    expect(billed.credits).toBeLessThanOrEqual(cap);
    expect(billed.rawRequests).toBe(0);
    expect(result.spent.credits).toBe(billed.credits);
    const ran = result.paid.filter((report) => report.outcome !== 'skipped');
    const skippedOnes = result.paid.filter((report) => report.outcome === 'skipped');
    expect(ran.length + skippedOnes.length).toBe(12);
    for (const report of skippedOnes.filter((one) => one.operation.startsWith('raw') === false)) {
      expect(report.note).toMatch(/^may cost [\d.]+ credits, more than the [\d.]+ the cap leaves$/);
    }
  });

  it('never spends more raw requests than its cap', async () => {
    const result = await api.check({ credits: 0, rawRequests: 3 });
    expect(api.billed()).toEqual({ credits: 0, rawRequests: 3 });
    const raw = result.paid.filter((report) => report.operation.startsWith('raw'));
    expect(raw.map((report) => report.outcome)).toEqual([
      'answered',
      'answered',
      'answered',
      'skipped',
      'skipped',
    ]);
  });

  it('stops paying once the API bills more than the price table says', async () => {
    const original = api.state.handlerFor('search');
    if (original === undefined) throw new Error('no search handler');
    api.state.register('search', async (context) => ({ ...(await original(context)), credits: 0.5 }));
    try {
      const result = await api.check({ credits: 2, rawRequests: 0 });

      expect(api.billed().credits).toBe(0.5);
      expect(byName(result.paid, 'search').spent).toEqual({
        priced: { credits: 0.15, rawRequests: 0 },
        measured: { credits: 0.5, rawRequests: 0 },
      });
      const after = result.paid.slice(1).filter((report) => !report.operation.startsWith('raw'));
      expect(after.every((report) => report.outcome === 'skipped')).toBe(true);
      expect(after[0].note).toMatch(/^an earlier call cost more than the price table says/);
      expect(result.spent.credits).toBe(0.5);
    } finally {
      api.state.register('search', original);
    }
  });

  it('reports a paid answer it cannot read as unreadable, billed, and the run as not ok', async () => {
    const original = api.state.handlerFor('report');
    if (original === undefined) throw new Error('no report handler');
    api.state.register('report', async (context) => {
      const result = await original(context);
      return { ...result, body: { error: false, data: result.body } };
    });
    try {
      const result = await api.check({ credits: 2.595, rawRequests: 0 });
      const report = byName(result.paid, 'report');

      expect(report).toMatchObject({
        outcome: 'unreadable',
        spent: { priced: { credits: 1, rawRequests: 0 } },
      });
      expect(report.problems).toEqual([expect.stringMatching(/^profile: /)]);
      expect(result.contract.drifting).toEqual([
        expect.objectContaining({ operation: 'report', unreadable: 1 }),
      ]);
      expect(result.ok).toBe(false);
      expect(verifyReportText(result).at(-1)).toMatch(/^Some checks failed or could not be read/);
    } finally {
      api.state.register('report', original);
    }
  });

  it('prints one line per operation, and never the token', async () => {
    const result = await api.check({ credits: 0.2, rawRequests: 1 });
    const text = verifyReportText(result).join('\n');

    expect(text).toContain(`verify:live against ${api.baseUrl}`);
    expect(text).toMatch(
      /\[answered\] search \(instagram, followers from 10,000, one page\): 15 rows, \d+ of \d+ cells filled; no drift; 0\.15 credits \(the balance moved 0\.15 credits\)/,
    );
    expect(text).toContain('[refused] hashtags dictionary (youtube)');
    expect(text).toContain("1. A collaborator's formula reads the document key");
    expect(text).not.toContain(api.token);
  });
});
