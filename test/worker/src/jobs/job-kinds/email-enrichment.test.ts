import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMAIL_COLUMNS } from '../../../../../shared/rows/email-rows';
import { emailSupply, matchedEmails, seededShuffle } from '../../../../support/email-supply';
import type { World } from '../../../../../worker/sandbox/data';
import type { OperationHandler } from '../../../../../worker/sandbox/operation-handler';
import { callsOf } from '../../worker-fixture';
import {
  addressesFoundIn,
  allRows,
  getJob,
  postTo,
  startJobsWorld,
  submitJob,
  type JobsWorld,
} from '../jobs-fixture';

/** E-mail enrichment jobs through the jobs routes, the real sandbox as the upstream, a store on disk. */

let jobs: JobsWorld;
let dataDir: string;
const supply = emailSupply(
  () => known,
  (n) => `someone.${n}@elsewhere${n % 5}.net`,
);
let known: string[] = [];
const { takeKnown, takeUnknown, submitted } = supply;
const shuffle = <T>(items: T[]): T[] => seededShuffle(items, 7);

/** What the store wrote to disk, lowercased, so a differently-cased copy is found too. */
function diskText(): string {
  return readdirSync(dataDir)
    .filter((name) => name.startsWith('creator-sheets.db'))
    .map((name) => readFileSync(join(dataDir, name)).toString('latin1').toLowerCase())
    .join('\n');
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'email-jobs-'));
  jobs = await startJobsWorld({ dataDir });
  known = matchedEmails(jobs.world.sandbox.state.world);
});
afterAll(async () => {
  await jobs.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await jobs.world.resetStats();
});

describe('an e-mail enrichment job', () => {
  it('answers 10,000 messy cells in input order with ceil(unique valid / 1000) calls, paying 0.02 per match', async () => {
    const matched = takeKnown(300);
    const unique = [...matched, ...takeUnknown(6700)];
    const duplicates = Array.from({ length: 2000 }, (_, i) => {
      const email = unique[(i * 13) % unique.length];
      return i % 2 === 0 ? `  ${email.toUpperCase()} ` : `${email}\u00a0`;
    });
    const invalid = Array.from({ length: 500 }, (_, i) => (i % 2 === 0 ? `nobody-${i}` : `two@@at${i}.com`));
    const blanks = Array.from({ length: 500 }, (_, i) => (i % 2 === 0 ? '' : null));
    const inputs = shuffle<string | null>([...unique, ...duplicates, ...invalid, ...blanks]);
    unique.forEach((email) => submitted.add(email));
    const keyAddress = 'key.holder@secret-example.org';
    submitted.add(keyAddress);

    const created = await submitJob(jobs, {
      kind: 'email-enrichment',
      input: { emails: inputs },
      idempotencyKey: `enrich column B for ${keyAddress}`,
    });
    expect(created.status).toBe(202);
    expect(created.body).toEqual({ id: expect.stringMatching(/^job_/), status: 'queued', total: 10_000 });

    await jobs.runner.idle();
    const progress = await getJob(jobs, `/api/jobs/${created.body.id}`);
    expect(progress.status).toBe(200);
    expect(progress.body).toMatchObject({
      id: created.body.id,
      kind: 'email-enrichment',
      status: 'done',
      done: 10_000,
      total: 10_000,
      creditsSpent: 6,
      errors: 500,
      header: EMAIL_COLUMNS.map((col) => col.label),
    });
    const stats = await jobs.world.stats();
    expect(callsOf(stats, 'emailSearch')).toBe(Math.ceil(unique.length / 1000));
    expect(stats.credits).toBe(6);
    const ledger = await jobs.store.ledger.ofJob(created.body.id);
    expect(ledger.reduce((sum, row) => sum + row.actualCredits, 0)).toBeCloseTo(6, 6);
    expect(ledger.every((row) => row.operation === 'emailSearch')).toBe(true);

    const rows = await allRows(jobs, created.body.id, 3000);
    expect(rows.map((r) => r.position)).toEqual(inputs.map((_, i) => i));
    // The same cells through the request route: answered from the cache, row for row the same.
    await jobs.world.resetStats();
    const direct = await postTo(jobs, '/api/email-search', { emails: inputs });
    expect(direct.status).toBe(200);
    expect(rows.map((r) => r.row)).toEqual(direct.body.rows);
    expect((await jobs.world.stats()).calls).toBe(0);
    expect(rows.filter((r) => r.row[1] === 'matched')).toHaveLength(
      inputs.filter((cell) => cell !== null && matched.includes(cell.trim().toLowerCase())).length,
    );
  });

  it('writes blank and invalid rows at once without a call, and answers cached addresses for free', async () => {
    const cached = [...submitted].slice(0, 2); // matched by the first test
    const fresh = takeUnknown(3);
    fresh.forEach((email) => submitted.add(email));
    const inputs = ['', 'not an address', null, ...cached, ...fresh, 42];

    const created = await submitJob(jobs, { kind: 'email-enrichment', input: { emails: inputs } });
    await jobs.runner.idle();

    const progress = await getJob(jobs, `/api/jobs/${created.body.id}`);
    expect(progress.body).toMatchObject({ status: 'done', done: 9, total: 9, errors: 2, creditsSpent: 0 });
    expect(callsOf(await jobs.world.stats(), 'emailSearch')).toBe(1);
    const rows = await allRows(jobs, created.body.id);
    expect(rows.map((r) => r.row[1])).toEqual([
      null,
      'invalid: spaces inside',
      null,
      'matched',
      'matched',
      'no match',
      'no match',
      'no match',
      'invalid: missing @',
    ]);
  });

  it('leaves the address column out when asked (rows written beside the addresses, issue 15)', async () => {
    const addresses = [...takeKnown(2), ...takeUnknown(2)];
    addresses.forEach((email) => submitted.add(email));
    const inputs = ['', 'not an address', ...addresses];
    const whole = await submitJob(jobs, { kind: 'email-enrichment', input: { emails: inputs } });
    const beside = await submitJob(jobs, {
      kind: 'email-enrichment',
      input: { emails: inputs, withInput: false },
    });
    await jobs.runner.idle();

    const progress = await getJob(jobs, `/api/jobs/${beside.body.id}`);
    expect(progress.body).toMatchObject({
      status: 'done',
      errors: 1,
      header: EMAIL_COLUMNS.slice(1).map((col) => col.label),
    });
    expect(progress.body.header[0]).toBe('Status');
    const rows = (await allRows(jobs, beside.body.id)).map((r) => r.row);
    const full = (await allRows(jobs, whole.body.id)).map((r) => r.row);
    expect(rows).toEqual(full.map((row) => row.slice(1)));
    expect(rows.map((row) => row[0])).toEqual([
      null,
      'invalid: spaces inside',
      'matched',
      'matched',
      'no match',
      'no match',
    ]);
    expect(rows.flat()).not.toContain(addresses[0]);
  });

  it('marks addresses an answer left out "no match in this answer", and asks again for them only on refresh', async () => {
    const state = jobs.world.sandbox.state;
    const original = state.handlerFor('emailSearch') as OperationHandler<World>;
    // An answer that lists the matches but no notMatchedEmails: the others are answered for by nobody.
    state.register('emailSearch', async (context) => {
      const result = await original(context);
      const { notMatchedEmails: _left, ...rest } = result.body as Record<string, unknown>;
      return { ...result, body: rest };
    });
    const addresses = [...takeKnown(1), ...takeUnknown(2)];
    addresses.forEach((email) => submitted.add(email));
    const statuses = async (input: object) => {
      const created = await submitJob(jobs, { kind: 'email-enrichment', input });
      await jobs.runner.idle();
      return (await allRows(jobs, created.body.id)).map((r) => r.row[1]);
    };
    try {
      const left = ['matched', 'no match in this answer', 'no match in this answer'];
      expect(await statuses({ emails: addresses })).toEqual(left);
      expect(callsOf(await jobs.world.stats(), 'emailSearch')).toBe(1);
      // Run again: nothing is sent, the rows say the same.
      expect(await statuses({ emails: addresses })).toEqual(left);
      expect(callsOf(await jobs.world.stats(), 'emailSearch')).toBe(1);
    } finally {
      state.register('emailSearch', original);
    }
    await jobs.world.resetStats();
    expect(await statuses({ emails: addresses, refresh: true })).toEqual(['matched', 'no match', 'no match']);
    const stats = await jobs.world.stats();
    // One call for the two unanswered addresses; the match is not bought again.
    expect(callsOf(stats, 'emailSearch')).toBe(1);
    expect(stats.credits).toBe(0);
  });

  it('names each problem of its input', async () => {
    const none = await submitJob(jobs, { kind: 'email-enrichment', input: { emails: [] } });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe('input.emails must hold 1 to 500000 items, got 0');
    const missing = await submitJob(jobs, { kind: 'email-enrichment', input: { addresses: ['a@b.co'] } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toMatch(/^input\.emails /);
  });

  it('keeps every submitted address out of the database files and the logs', () => {
    expect(submitted.size).toBeGreaterThan(7000);
    const disk = diskText();
    expect(disk.length).toBeGreaterThan(0);
    expect(addressesFoundIn(disk, ['dev@localhost'])).toEqual(['dev@localhost']); // the scan works
    const logs = jobs.world.logs();
    expect(logs).toContain('job done');
    expect(addressesFoundIn(disk, submitted)).toEqual([]);
    expect(addressesFoundIn(logs, submitted)).toEqual([]);
  });
});
