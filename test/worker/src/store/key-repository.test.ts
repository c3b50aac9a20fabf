import { createHash } from 'node:crypto';
import { WorkerKeyExpiredError } from '../../../../worker/src/store/key-repository';
import {
  DEFAULT_WORKER_KEY_DAYS,
  keyPolicyOf,
  WORKER_KEY_PREFIX,
} from '../../../../worker/src/store/rows/worker-key-rules';
import type { Store } from '../../../../worker/src/store/store';
import { describeEachEngine } from './store-engines';
import { DAY_MS, ManualClock } from './store-fixtures';

describeEachEngine('key repository', (engine) => {
  let clock: ManualClock;
  let store: Store;

  beforeEach(async () => {
    clock = new ManualClock();
    store = await engine.open({ clock });
  });

  it('issues a prefixed random key of 32 bytes that verifies as its owner', async () => {
    const { key, info } = await store.keys.issue('Ana@Example.com');

    expect(key).toMatch(/^csk_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(WORKER_KEY_PREFIX)).toBe(true);
    expect(Buffer.from(key.slice(4), 'base64url')).toHaveLength(32);
    expect(info).toEqual({
      id: expect.stringMatching(/^key_/),
      email: 'ana@example.com',
      createdAt: clock.now(),
      lastUsedAt: null,
      revokedAt: null,
      expiresAt: clock.now() + DEFAULT_WORKER_KEY_DAYS * 24 * 60 * 60 * 1000,
      documentId: null,
    });
    expect(await store.keys.verify(key)).toMatchObject({ id: info.id, email: 'ana@example.com' });
  });

  it('gives every key its own value and id', async () => {
    const first = await store.keys.issue('a@x.com');
    const second = await store.keys.issue('a@x.com');
    expect(first.key).not.toBe(second.key);
    expect(first.info.id).not.toBe(second.info.id);
  });

  it('rejects unknown, altered and foreign credentials', async () => {
    const { key } = await store.keys.issue('a@x.com');
    const altered = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');

    expect(await store.keys.verify(altered)).toBeNull();
    expect(await store.keys.verify(`${WORKER_KEY_PREFIX}nothing`)).toBeNull();
    expect(await store.keys.verify(key.slice(4))).toBeNull();
    expect(await store.keys.verify('')).toBeNull();
  });

  it('stops accepting a key once revoked, and keeps the first revocation time', async () => {
    const { key, info } = await store.keys.issue('a@x.com');
    clock.advance(1000);
    const revoked = await store.keys.revoke(info.id);
    clock.advance(1000);
    await store.keys.revoke(info.id);

    expect(revoked?.revokedAt).toBe(clock.now() - 1000);
    expect((await store.keys.get(info.id))?.revokedAt).toBe(clock.now() - 1000);
    expect(await store.keys.verify(key)).toBeNull();
    expect(await store.keys.revoke('key_unknown')).toBeNull();
  });

  it('stops a key that was verified a moment ago as soon as it is revoked', async () => {
    const { key, info } = await store.keys.issue('a@x.com');
    const other = await store.keys.issue('a@x.com');
    for (let i = 0; i < 3; i += 1) expect(await store.keys.verify(key)).not.toBeNull();
    await store.keys.verify(other.key);

    await store.keys.revoke(info.id);

    expect(await store.keys.verify(key)).toBeNull();
    expect(await store.keys.verify(other.key)).toMatchObject({ id: other.info.id });
  });

  it('records when a key was last used, at most once a minute', async () => {
    const { key, info } = await store.keys.issue('a@x.com');
    const start = clock.now();
    await store.keys.verify(key);
    clock.advance(30_000);
    await store.keys.verify(key);
    expect((await store.keys.get(info.id))?.lastUsedAt).toBe(start);
    clock.advance(30_000);
    await store.keys.verify(key);
    expect((await store.keys.get(info.id))?.lastUsedAt).toBe(start + 60_000);
  });

  it("lists everyone's keys newest first, or one user's", async () => {
    const a1 = await store.keys.issue('a@x.com');
    clock.advance(1);
    const b = await store.keys.issue('b@x.com');
    clock.advance(1);
    const a2 = await store.keys.issue('A@x.com');

    expect((await store.keys.list()).map((k) => k.id)).toEqual([a2.info.id, b.info.id, a1.info.id]);
    expect((await store.keys.list('a@X.com')).map((k) => k.id)).toEqual([a2.info.id, a1.info.id]);
    expect(await store.keys.list('nobody@x.com')).toEqual([]);
  });

  it('refuses a key past its lifetime with a sentence that says to connect again', async () => {
    const { key, info } = await store.keys.issue('a@x.com');
    clock.advance(DEFAULT_WORKER_KEY_DAYS * DAY_MS - 1);
    expect(await store.keys.verify(key)).toMatchObject({ id: info.id, expiresAt: clock.now() + 1 });

    clock.advance(1);
    const refusal = store.keys.verify(key);
    await expect(refusal).rejects.toBeInstanceOf(WorkerKeyExpiredError);
    await expect(refusal).rejects.toThrow(
      'the worker key expired on 2025-08-12: connect again (Extensions > Creator Sheets > Settings > Connect) to get a new one',
    );
  });

  it('keeps the lifetime it is given (WORKER_KEY_DAYS), counted from the issue', async () => {
    const shortLived = await engine.open({
      clock,
      keyPolicy: keyPolicyOf({ workerKeyDays: 1, workerKeysPerUser: 10 }),
    });
    try {
      const { key } = await shortLived.keys.issue('a@x.com');
      clock.advance(DAY_MS - 1);
      expect(await shortLived.keys.verify(key)).not.toBeNull();
      clock.advance(1);
      await expect(shortLived.keys.verify(key)).rejects.toBeInstanceOf(WorkerKeyExpiredError);
    } finally {
      await shortLived.close();
    }
  });

  it('revokes the oldest live keys of a person beyond the cap, and only theirs', async () => {
    const capped = await engine.open({
      clock,
      keyPolicy: keyPolicyOf({ workerKeyDays: 90, workerKeysPerUser: 3 }),
    });
    try {
      const other = await capped.keys.issue('b@x.com');
      const issued = [];
      for (let i = 0; i < 5; i += 1) {
        issued.push(await capped.keys.issue('a@x.com'));
        // Verified keys are kept in memory: a revoked one must drop out of it too.
        await capped.keys.verify(issued[i].key);
      }

      const live = [];
      for (const { key } of issued) live.push((await capped.keys.verify(key)) !== null);
      expect(live).toEqual([false, false, true, true, true]);
      expect((await capped.keys.get(issued[0].info.id))?.revokedAt).toBe(clock.now());
      expect(await capped.keys.verify(other.key)).not.toBeNull();
    } finally {
      await capped.close();
    }
  });

  it('counts only live keys against the cap: revoked and expired ones take no room', async () => {
    const capped = await engine.open({
      clock,
      keyPolicy: keyPolicyOf({ workerKeyDays: 1, workerKeysPerUser: 2 }),
    });
    try {
      const expired = await capped.keys.issue('a@x.com');
      clock.advance(DAY_MS);
      const revoked = await capped.keys.issue('a@x.com');
      await capped.keys.revoke(revoked.info.id);
      const first = await capped.keys.issue('a@x.com');
      const second = await capped.keys.issue('a@x.com');

      expect(await capped.keys.verify(first.key)).not.toBeNull();
      expect(await capped.keys.verify(second.key)).not.toBeNull();
      expect((await capped.keys.get(expired.info.id))?.revokedAt).toBeNull();
    } finally {
      await capped.close();
    }
  });

  it('stores only a SHA-256 of each key, and the keys still verify after a restart', async () => {
    const issued = [await store.keys.issue('a@x.com'), await store.keys.issue('b@x.com')];
    await store.close();

    const stored = await engine.rows<{ key_hash: Buffer }>('SELECT key_hash FROM worker_keys');
    const everything = await engine.everything();
    for (const { key } of issued) {
      expect(everything).not.toContain(key.slice(4));
      expect(everything).not.toContain(Buffer.from(key.slice(4), 'base64url').toString('latin1'));
      expect(stored.map((row) => Buffer.from(row.key_hash).toString('hex'))).toContainEqual(
        createHash('sha256').update(key).digest('hex'),
      );
    }

    const second = await engine.open({ clock });
    expect((await second.keys.verify(issued[1].key))?.email).toBe('b@x.com');
  });

  it('issues a document key in one step with its live one: issued where none, else as mayReplace decides', async () => {
    const DOC = '1TeamSheet00000000000000000000000000000000000';
    const asked: string[] = [];
    const replaceIf = (answer: boolean) => (current: { email: string }) => {
      asked.push(current.email);
      return answer;
    };

    const first = await store.keys.issueDocumentKey('ana@team.com', DOC, replaceIf(false));
    if (!('issued' in first)) throw new Error('expected a key for a document without one');
    expect(first.replaced).toBeNull();
    expect(first.issued.info).toMatchObject({ email: 'ana@team.com', documentId: DOC });
    expect(asked).toEqual([]);

    const refused = await store.keys.issueDocumentKey('bob@team.com', DOC, replaceIf(false));
    expect(refused).toEqual({ kept: expect.objectContaining({ id: first.issued.info.id }) });
    expect(asked).toEqual(['ana@team.com']);
    expect(await store.keys.verify(first.issued.key)).not.toBeNull();

    const again = await store.keys.issueDocumentKey('ana@team.com', DOC, replaceIf(true));
    if (!('issued' in again)) throw new Error('expected the key replaced');
    expect(again.replaced?.id).toBe(first.issued.info.id);
    expect(await store.keys.verify(first.issued.key)).toBeNull();
    expect((await store.keys.ofDocument(DOC))?.id).toBe(again.issued.info.id);

    // A key past its lifetime is no one's: the next connect gets the document without asking.
    clock.advance(DEFAULT_WORKER_KEY_DAYS * DAY_MS);
    const afterExpiry = await store.keys.issueDocumentKey('bob@team.com', DOC, replaceIf(false));
    expect(afterExpiry).toMatchObject({ issued: { info: { email: 'bob@team.com' } }, replaced: null });
    expect(asked).toEqual(['ana@team.com', 'ana@team.com']);
    const live = (await store.keys.list()).filter((key) => key.documentId === DOC && key.revokedAt === null);
    expect(live.map((key) => key.email)).toEqual(['bob@team.com']);
  });
});
