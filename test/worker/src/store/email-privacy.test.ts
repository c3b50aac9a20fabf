import { createHash } from 'node:crypto';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MatchedEmail } from '../../../../shared/responses/email-search';
import { DATA_SECRET_FILE } from '../../../../worker/src/store/sealing/data-secret';
import type { Store } from '../../../../worker/src/store/store';
import { openStore } from '../../../../worker/src/store/sqlite/sqlite-store';
import { describeEachEngine } from './store-engines';
import { ManualClock, makeTempDir } from './store-fixtures';

const SUBMITTED = ['ana.silva@example.com', 'bob.jones@example.org', 'carol+news@example.net'];

function matchFor(email: string): MatchedEmail {
  return {
    email,
    users: [
      {
        platform: 'instagram',
        userId: '42',
        url: 'https://instagram.com/ana',
        username: 'ana',
        picture: 'https://img/ana.jpg',
        followers: 1200,
        engagements: 80,
        engagementRate: 0.066,
        isVerified: false,
      },
    ],
    // A field the API might add that echoes the address inside other text.
    contact: `mailto:${email.toUpperCase()}`,
  };
}

describeEachEngine('e-mail privacy', (engine) => {
  let store: Store;
  /** Everything the database holds (SQLite: its file and WAL), lowercased, so a differently-cased copy is found too. */
  const storedText = async () => (await engine.everything()).toLowerCase();

  beforeEach(async () => {
    store = await engine.open({ clock: new ManualClock() });
  });

  it('never writes a submitted address to the database (nor its WAL), while open or after closing', async () => {
    await store.emailResults.setMany([
      { email: SUBMITTED[0], match: matchFor(SUBMITTED[0]) },
      { email: SUBMITTED[1], match: null },
    ]);
    const { job } = await store.jobs.create({
      kind: 'emailSearch',
      ownerEmail: 'owner@team.com',
      input: { column: 'B' },
      privateInput: { emails: SUBMITTED },
      total: SUBMITTED.length,
    });
    await store.jobs.commitBatch(job.id, {
      index: 0,
      rows: SUBMITTED.map((email, position) => ({ position, row: [email, 'matched'] })),
      checkpoint: { through: 2 },
      errors: 1,
      lastError: `${SUBMITTED[2]} is not a valid address`,
    });

    const whileOpen = await storedText();
    expect(whileOpen.length).toBeGreaterThan(0);
    expect(whileOpen).toContain('owner@team.com'); // the scan sees what is stored in plain text
    for (const email of SUBMITTED) expect(whileOpen).not.toContain(email);

    expect((await store.jobs.get(job.id))?.lastError).toBe(`${SUBMITTED[2]} is not a valid address`);
    await store.jobs.finish(job.id, 'failed', `stopped at ${SUBMITTED[1]}`);
    await store.close();
    const afterClose = await storedText();
    for (const email of SUBMITTED) expect(afterClose).not.toContain(email);
  });

  it('keys the cache with a keyed hash, not a plain hash anyone could compute from a list of addresses', async () => {
    await store.emailResults.setMany([{ email: SUBMITTED[0], match: matchFor(SUBMITTED[0]) }]);
    const plainSha = createHash('sha256').update(SUBMITTED[0]).digest('hex');

    const key = store.emailCacheKey(SUBMITTED[0]);

    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toBe(plainSha);
    expect(await store.cache.get('emails', key)).not.toBeNull();
    await store.close();
    expect(await storedText()).not.toContain(plainSha);
  });

  it('stores a result without the address and gives it back with the address the caller asked about', async () => {
    const match = matchFor(SUBMITTED[0]);
    await store.emailResults.setMany([
      { email: SUBMITTED[0], match },
      { email: SUBMITTED[1], match: null },
    ]);

    const raw = await store.cache.get('emails', store.emailCacheKey(SUBMITTED[0]));
    expect(JSON.stringify(raw?.value).toLowerCase()).not.toContain(SUBMITTED[0]);

    const found = await store.emailResults.getMany([...SUBMITTED]);
    expect(found.get(SUBMITTED[0])).toEqual({
      email: SUBMITTED[0],
      match: { ...match, contact: `mailto:${SUBMITTED[0]}` },
    });
    expect(found.get(SUBMITTED[1])).toEqual({ email: SUBMITTED[1], match: null });
    expect(found.has(SUBMITTED[2])).toBe(false);
  });

  it('hides the address without changing the case of any other character (Unicode names)', async () => {
    const email = 'irem.burak@example.com';
    const base = matchFor(email);
    const match: MatchedEmail = {
      ...base,
      users: (base.users ?? []).map((user) => ({ ...user, username: 'İrem & Burak' })),
      // Lower-casing "İ" gives two code points: the whole text must not be lower-cased to search it.
      contact: 'İrem & Burak <IREM.BURAK@EXAMPLE.COM>, ΣΟΦΊΑ Straße',
      note: 'İİ irem.burak@example.com İ',
    } as MatchedEmail;
    await store.emailResults.setMany([{ email, match }]);

    const raw = JSON.stringify((await store.cache.get('emails', store.emailCacheKey(email)))?.value);
    expect(raw.toLowerCase()).not.toContain(email);
    expect(raw).toContain('İrem & Burak <');
    expect(raw).toContain('>, ΣΟΦΊΑ Straße');

    const found = (await store.emailResults.getMany([email])).get(email);
    expect(found?.match).toEqual({
      ...match,
      email,
      contact: `İrem & Burak <${email}>, ΣΟΦΊΑ Straße`,
      note: `İİ ${email} İ`,
    });
    expect(found?.match?.users?.[0]?.username).toBe('İrem & Burak');
  });

  it('keeps the same keys across restarts, and other keys under another secret', async () => {
    const key = store.emailCacheKey(SUBMITTED[0]);
    await store.close();
    expect((await engine.open()).emailCacheKey(SUBMITTED[0])).toBe(key);
    expect((await engine.openElsewhere()).emailCacheKey(SUBMITTED[0])).not.toBe(key);
  });
});

describe("e-mail privacy: the data directory's secret (SQLite)", () => {
  let dir: string;
  let cleanup: () => void;
  let store: Store;

  beforeEach(() => {
    ({ dir, cleanup } = makeTempDir());
    store = openStore({ dataDir: dir, clock: new ManualClock() });
  });
  afterEach(() => {
    store.close();
    cleanup();
  });

  it('keeps the secret in its own file, readable by the owner only, and the same keys across restarts', () => {
    const key = store.emailCacheKey(SUBMITTED[0]);
    const secretFile = join(dir, DATA_SECRET_FILE);
    expect(statSync(secretFile).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'creator-sheets.db')).mode & 0o777).toBe(0o600);
    store.close();

    store = openStore({ dataDir: dir });
    expect(store.emailCacheKey(SUBMITTED[0])).toBe(key);

    const other = makeTempDir();
    const elsewhere = openStore({ dataDir: other.dir });
    try {
      expect(elsewhere.emailCacheKey(SUBMITTED[0])).not.toBe(key);
    } finally {
      elsewhere.close();
      other.cleanup();
    }
  });

  it('refuses a secret file that was damaged, saying what to do', () => {
    store.close();
    writeFileSync(join(dir, DATA_SECRET_FILE), 'c2hvcnQ=\n');
    expect(() => openStore({ dataDir: dir })).toThrow(
      /must hold 32 random bytes in base64, got 5 bytes; restore it/,
    );
    store = openStore({ memory: true });
  });
});
