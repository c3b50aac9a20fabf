import type { Store } from '../../../../worker/src/store/store';
import { KEPT_ANSWERS, KEPT_BODY_CHARS } from '../../../../worker/src/store/rows/unreadable-answer-rows';
import { describeEachEngine } from './store-engines';
import { ManualClock } from './store-fixtures';

/** Paid answers this version could not read, kept for admins: bounded, sealed, no addresses. */

const input = (text: string) => ({
  operation: 'report' as const,
  status: 200,
  text,
  problems: ['profile: Invalid input: expected object, received undefined'],
  userEmail: 'Ana@Team.com',
  requestId: 'req-1',
  charge: { credits: 1, rawRequests: 0 },
});

describeEachEngine('unreadable answers', (engine) => {
  let clock: ManualClock;
  let store: Store;
  beforeEach(async () => {
    clock = new ManualClock();
    store = await engine.open({ clock });
  });

  it('keeps the body with what was recorded for it, and lists the newest first without bodies', async () => {
    const first = await store.unreadableAnswers.keep(input('{"v":1}'));
    clock.advance(1000);
    const second = await store.unreadableAnswers.keep({ ...input('{"v":2}'), jobId: 'job_1' });
    expect(first.id).toMatch(/^ans_/);
    const listed = await store.unreadableAnswers.list();
    expect(listed.map((answer) => answer.id)).toEqual([second.id, first.id]);
    expect(listed[0]).toMatchObject({
      operation: 'report',
      credits: 1,
      userEmail: 'ana@team.com',
      jobId: 'job_1',
    });
    expect(listed[0]).not.toHaveProperty('body');
    expect(await store.unreadableAnswers.get(first.id)).toMatchObject({ body: '{"v":1}', truncated: false });
    expect(await store.unreadableAnswers.get('ans_nope')).toBeNull();
  });

  it('hides every address as the start of its HMAC, and cuts long bodies', async () => {
    const body = `{"emails":["Jane@Example.com","x.y+tag@mail.example.org"],"pad":"${'z'.repeat(KEPT_BODY_CHARS)}"}`;
    const kept = await store.unreadableAnswers.keep(input(body));
    const read = await store.unreadableAnswers.get(kept.id);
    expect(read?.body).not.toMatch(/example/i);
    expect(read?.body).toContain(`[e-mail ${store.emailCacheKey('jane@example.com').slice(0, 12)}]`);
    expect(read?.body).toHaveLength(KEPT_BODY_CHARS);
    expect(read).toMatchObject({ truncated: true, bodyChars: body.length });
  });

  it('keeps a body of one long word at once: looking for addresses in it does not stall the worker', async () => {
    // Hiding addresses once took time squared in the length of such a run (11 s for this one,
    // the worker's whole event loop held): an answer is the upstream's to make, not ours.
    const body = `{"token":"${'a'.repeat(2 * KEPT_BODY_CHARS)}","to":"jane@example.com"}`;
    const started = performance.now();
    const kept = await store.unreadableAnswers.keep(input(body));
    expect(performance.now() - started).toBeLessThan(2_000);
    const read = await store.unreadableAnswers.get(kept.id);
    expect(read).toMatchObject({ truncated: true, bodyChars: body.length });
    expect(read?.body).toBe(body.slice(0, KEPT_BODY_CHARS));
  });

  it('is sealed at rest: the database holds no readable body', async () => {
    await store.unreadableAnswers.keep(input('{"secret-shape":"findme"}'));
    await store.close();
    const [row] = await engine.rows<{ sealed_body: Buffer }>('SELECT sealed_body FROM unreadable_answers');
    expect(row.sealed_body.toString('latin1')).not.toContain('findme');
    expect(await engine.everything()).not.toContain('findme');
  });

  it('keeps only the newest ones', async () => {
    for (let i = 0; i < KEPT_ANSWERS + 3; i += 1) {
      clock.advance(1);
      await store.unreadableAnswers.keep(input(`{"n":${i}}`));
    }
    const listed = await store.unreadableAnswers.list(KEPT_ANSWERS + 10);
    expect(listed).toHaveLength(KEPT_ANSWERS);
    expect((await store.unreadableAnswers.get(listed[0].id))?.body).toBe(`{"n":${KEPT_ANSWERS + 2}}`);
  });
});
