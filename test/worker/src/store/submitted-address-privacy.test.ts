import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import { matchedEmails } from '../../../support/email-supply';
import {
  addressesFoundIn,
  getJob,
  postTo,
  startJobsWorld,
  submitJob,
  type JobsWorld,
} from '../jobs/jobs-fixture';
import { apiGet, moreApp } from '../operation-routes-fixture';

/**
 * No submitted e-mail address in plain text anywhere in the store, keys and payloads alike: one
 * address through each path a user can type one into, then the whole SQLite file and its WAL
 * scanned for any of them in any case. The worker runs as production wires it, against the
 * sandbox, with its store on disk.
 */

let dataDir: string;
let jobs: JobsWorld;
let more: Express;

/** Each path gets its own address, so a finding says which path leaked. */
const VIA = {
  searchBio: 'Bio.Filter@Example.com',
  searchKeywords: 'keywords.filter@example.org',
  aiBrands: 'AI.Brands@example.net',
  reportHandle: 'report.handle@example.com',
  reportJobHandle: 'Report.Job@Example.com',
  searchJobBio: 'search.job.bio@example.org',
  searchJobKeywords: 'SEARCH.JOB.KEYWORDS@example.org',
  aiSearchQuery: 'ai.query@example.net',
  aiSearchJobQuery: 'ai.job.query@example.net',
  unknownEmail: 'nobody.here@example.com',
  unknownJobEmail: 'nobody.in.a.job@example.com',
};
const submitted = new Set<string>(Object.values(VIA).map((address) => address.toLowerCase()));

/** Every file of the database (the file, its WAL and shared memory), as text. */
function databaseFiles(): string {
  return readdirSync(dataDir)
    .filter((name) => name.startsWith('creator-sheets.db'))
    .map((name) => readFileSync(join(dataDir, name)).toString('latin1'))
    .join('\n');
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'address-privacy-'));
  jobs = await startJobsWorld({ dataDir });
  more = moreApp(jobs.deps);
});
afterAll(async () => {
  await jobs.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('submitted e-mail addresses in the store', () => {
  it('are nowhere in the database or its WAL, whichever path they came in by', async () => {
    const known = matchedEmails(jobs.world.sandbox.state.world);
    const matchedByRequest = known[0];
    const matchedByJob = known[1];
    submitted.add(matchedByRequest).add(matchedByJob);

    // Search filters (the page cache is keyed by the whole body).
    for (const influencer of [{ bio: VIA.searchBio }, { keywords: VIA.searchKeywords }]) {
      const res = await postTo(jobs, '/api/search', {
        platform: 'instagram',
        filter: { influencer },
        pages: 1,
      });
      expect(res.body).toMatchObject({ counts: { pagesFetched: 1 } });
    }
    // The AI brands typeahead (the dictionaries cache is keyed by the query).
    const brands = await apiGet(more, `/api/ai/brands?q=${encodeURIComponent(VIA.aiBrands)}&limit=5`);
    expect(brands.status).toBe(200);
    // An AI text search (its page cache is keyed by the query too).
    const ai = await postTo(jobs, '/api/ai/search', {
      mode: 'text',
      platform: 'instagram',
      query: `creators who answer ${VIA.aiSearchQuery}`,
      pageSize: 10,
    });
    expect(ai.status).toBe(200);
    // A report for an address typed where a handle belongs.
    const report = await postTo(jobs, '/api/reports', { handles: [VIA.reportHandle], platform: 'instagram' });
    expect(report.status).toBe(200);
    // E-mail search: one the sandbox knows (its result is cached), one it does not.
    const emails = await postTo(jobs, '/api/email-search', { emails: [matchedByRequest, VIA.unknownEmail] });
    expect(emails.status).toBe(200);

    // The same through jobs, whose inputs and checkpoints the store keeps until they are purged.
    const submissions = [
      { kind: 'bulk-reports', input: { handles: [VIA.reportJobHandle, 'x'], platform: 'instagram' } },
      {
        kind: 'search-pages',
        input: {
          platform: 'tiktok',
          filter: { influencer: { bio: VIA.searchJobBio, keywords: VIA.searchJobKeywords } },
          pages: 2,
        },
      },
      {
        kind: 'ai-search-pages',
        input: { mode: 'text', platform: 'instagram', query: VIA.aiSearchJobQuery, pageSize: 10, pages: 1 },
      },
      { kind: 'email-enrichment', input: { emails: [matchedByJob.toUpperCase(), VIA.unknownJobEmail] } },
    ];
    const ids: string[] = [];
    for (const submission of submissions) {
      const created = await submitJob(jobs, submission);
      expect(created.status).toBe(202);
      ids.push(created.body.id as string);
    }
    await jobs.runner.idle();
    for (const id of ids) {
      const job = await getJob(jobs, `/api/jobs/${id}`);
      expect(job.body.status).toBe('done');
    }
    // The e-mail answers really were stored (or the scan below proves nothing about them).
    const stored = await jobs.store.emailResults.getMany([matchedByRequest, matchedByJob]);
    expect(stored.get(matchedByRequest)?.match).not.toBeNull();

    const whileOpen = databaseFiles();
    expect(addressesFoundIn(whileOpen, ['dev@localhost'])).toEqual(['dev@localhost']); // the scan works
    expect(addressesFoundIn(whileOpen, submitted)).toEqual([]);
    // Nor in any other spelling: no local part of an address appears either.
    const lower = whileOpen.toLowerCase();
    for (const address of submitted) expect(lower).not.toContain(address.split('@')[0]);
  });

  it('stay out of the files once the store is closed and its WAL checkpointed', async () => {
    jobs.store.close();
    const afterClose = databaseFiles();
    expect(afterClose.length).toBeGreaterThan(0);
    expect(addressesFoundIn(afterClose, submitted)).toEqual([]);
  });
});
