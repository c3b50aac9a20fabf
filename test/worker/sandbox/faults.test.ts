import request from 'supertest';
import { timerSleep } from '../../../worker/common/clock';
import {
  DEFAULT_FAULT_SETTINGS,
  Faults,
  MALFORMED_BODY,
  unreadableBody,
} from '../../../worker/sandbox/faults';
import { seededRandom } from '../../../worker/common/seeded-random';
import { FakeClock, TOKENS, bearer, fakeSandbox, recordingSleep, scriptedRandom } from './fake-sandbox';

const NO_LIMITS = { ai: null, discovery: null, dictionaryFast: null };

/** Reads the body as text, so a malformed JSON answer can be looked at instead of failing the parse. */
function rawText(res: request.Response, callback: (error: Error | null, body: string) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => (text += chunk));
  res.on('end', () => callback(null, text));
}

describe('Faults', () => {
  it('adds fixed latency plus jitter drawn from the random source', () => {
    const faults = new Faults(
      { ...DEFAULT_FAULT_SETTINGS, latencyMs: 100, jitterMs: 50 },
      scriptedRandom([0, 0.5, 0.999]),
      new FakeClock(),
    );
    expect([faults.latencyMs(), faults.latencyMs(), faults.latencyMs()]).toEqual([100, 125, 150]);
  });

  it('answers every request of a 429 burst until the burst ends', () => {
    const clock = new FakeClock();
    const faults = new Faults(
      { ...DEFAULT_FAULT_SETTINGS, burst429Share: 0.1, burst429Ms: 3000 },
      scriptedRandom([0.05]),
      clock,
    );
    expect(faults.decide()).toEqual({ kind: 'rate_limited', retryAfterMs: 3000 });
    clock.advance(2000);
    expect(faults.decide()).toEqual({ kind: 'rate_limited', retryAfterMs: 1000 });
    clock.advance(1000);
    expect(faults.decide()).toEqual({ kind: 'none' });
  });

  it('rejects settings outside their range', () => {
    const faults = new Faults(DEFAULT_FAULT_SETTINGS, Math.random, new FakeClock());
    expect(() => faults.update({ serverErrorShare: 1.5 })).toThrow();
    expect(() => faults.update({ unreadableShare: -0.1 })).toThrow();
    expect(faults.getSettings()).toMatchObject({ serverErrorShare: 0, unreadableShare: 0, shapes: 'real' });
  });

  it('draws the unreadable die last and only when it is on, so older seeds replay the same faults', () => {
    const settings = { ...DEFAULT_FAULT_SETTINGS, serverErrorShare: 0.5, malformedShare: 0.5 };
    const dice = () => {
      const random = scriptedRandom([0.9, 0.9, 0.1]);
      const counted = Object.assign(
        () => {
          counted.draws += 1;
          return random();
        },
        { draws: 0 },
      );
      return counted;
    };
    const beforeDice = dice();
    const afterDice = dice();
    const before = new Faults(settings, beforeDice, new FakeClock());
    const after = new Faults({ ...settings, unreadableShare: 0.5 }, afterDice, new FakeClock());
    expect(before.decide()).toEqual({ kind: 'none' });
    expect(after.decide()).toEqual({ kind: 'unreadable' });
    expect([beforeDice.draws, afterDice.draws]).toEqual([2, 3]);
  });

  it('wraps an unreadable payload under data of a version 2 envelope, without its error field', () => {
    expect(unreadableBody({ error: false, total: 3, directs: [] })).toEqual({
      error: false,
      version: 2,
      data: { total: 3, directs: [] },
    });
    expect(unreadableBody(['a'])).toEqual({ error: false, version: 2, data: ['a'] });
  });
});

describe('injected faults through the router', () => {
  it('answers the configured share of requests 500, the same ones for the same seed, free of charge', async () => {
    const run = async () => {
      const { app, state } = fakeSandbox({
        rates: NO_LIMITS,
        random: seededRandom(7),
        faults: { serverErrorShare: 0.25 },
      });
      const statuses: number[] = [];
      for (let i = 0; i < 120; i++) {
        const res = await request(app)
          .post('/v1/instagram/search')
          .set(bearer(TOKENS.main))
          .send({ take: 1 });
        statuses.push(res.status);
      }
      return { statuses, credits: state.accounts.get(TOKENS.main)?.credits, stats: state.stats.snapshot() };
    };
    const first = await run();
    const second = await run();
    expect(second.statuses).toEqual(first.statuses);

    const dice = seededRandom(7);
    const expected = Array.from({ length: 120 }, () => (dice() < 0.25 ? 500 : 200));
    expect(first.statuses).toEqual(expected);
    const failures = expected.filter((status) => status === 500).length;
    expect(failures / 120).toBeGreaterThan(0.15);
    expect(failures / 120).toBeLessThan(0.35);
    expect(first.credits).toBeCloseTo(1000 - 0.01 * (120 - failures), 10);
    expect(first.stats.rejected.fault).toBe(failures);
  });

  it('answers a paid request malformed as a 200 that is not JSON, after running and billing it', async () => {
    const { app, state } = fakeSandbox({ random: scriptedRandom([0.1]), faults: { malformedShare: 0.5 } });
    const res = await request(app)
      .post('/v1/instagram/search')
      .set(bearer(TOKENS.main))
      .send({ take: 3 })
      .buffer(true)
      .parse(rawText);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.body).toBe(MALFORMED_BODY);
    expect(() => JSON.parse(String(res.body))).toThrow();
    expect(state.accounts.get(TOKENS.main)?.credits).toBe(999.97);
    const stats = state.stats.snapshot();
    expect(stats.operations.search).toMatchObject({
      calls: 1,
      byStatus: { '200': 1 },
      credits: 0.03,
      billed: 1,
    });
    expect(stats.faultyAnswers).toEqual({ malformed: 1, unreadable: 0 });
    expect(stats.rejected.fault).toBe(1);
  });

  it('bills every malformed answer exactly once: credits, the up-front e-mail rule and raw units', async () => {
    const { app, state } = fakeSandbox({
      rates: NO_LIMITS,
      faults: { malformedShare: 1 },
    });
    const texts: string[] = [];
    const send = async (call: request.Test) =>
      texts.push(String((await call.buffer(true).parse(rawText)).body));
    for (let i = 0; i < 4; i++) {
      await send(request(app).post('/v1/instagram/search').set(bearer(TOKENS.main)).send({ take: 2 }));
    }
    await send(
      request(app)
        .post('/v1/email-search')
        .set(bearer(TOKENS.main))
        .send({ emails: ['creator1@example.com', 'creator2@example.com', 'nobody@example.com'] }),
    );
    for (let i = 0; i < 3; i++) {
      await send(request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.main)));
    }
    expect(texts).toEqual(Array.from({ length: 8 }, () => MALFORMED_BODY));
    expect(state.accounts.get(TOKENS.main)).toMatchObject({
      credits: 1000 - 4 * 0.02 - 2 * 0.02,
      rawRequests: 10_000 - 3,
    });
    const stats = state.stats.snapshot();
    expect(stats.operations.search).toMatchObject({ credits: 0.08, billed: 4 });
    expect(stats.operations.emailSearch).toMatchObject({ credits: 0.04, billed: 1 });
    expect(stats.operations.rawIgUserInfo).toMatchObject({ credits: 0, rawUnits: 3, billed: 3 });
    expect([stats.credits, stats.rawUnits, stats.faultyAnswers.malformed]).toEqual([0.12, 3, 8]);
  });

  it('answers a free request malformed without running its handler', async () => {
    let ran = 0;
    const { app, state } = fakeSandbox({
      faults: { malformedShare: 1 },
      handlers: {
        dictionaryTopics: () => {
          ran++;
          return { body: { error: false, tags: [] } };
        },
      },
    });
    const res = await request(app)
      .get('/v1/instagram/topics')
      .set(bearer(TOKENS.main))
      .buffer(true)
      .parse(rawText);
    expect([res.status, res.body]).toEqual([200, MALFORMED_BODY]);
    expect(ran).toBe(0);
    expect(state.stats.snapshot().faultyAnswers.malformed).toBe(1);
  });

  it('lets a paid request that fails answer its own error under a malformed or unreadable fault, unbilled', async () => {
    for (const faults of [{ malformedShare: 1 }, { unreadableShare: 1 }]) {
      const { app, state } = fakeSandbox({ rates: NO_LIMITS, faults });
      const missing = await request(app).get('/v1/instagram/profile/nobody/report').set(bearer(TOKENS.main));
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ error: true, code: 'handle_not_found' });
      const poor = await request(app).post('/v1/instagram/search').set(bearer(TOKENS.poor)).send({ take: 6 });
      expect([poor.status, poor.body.code]).toEqual([402, 'not_enough_credits']);
      // A raw 404 uses its unit as usual (spec "Credits"): the service answered.
      const raw = await request(app).get('/v1/raw/ig/user-info?url=@nobody').set(bearer(TOKENS.main));
      expect(raw.status).toBe(404);
      expect(state.accounts.get(TOKENS.main)).toMatchObject({ credits: 1000, rawRequests: 10_000 - 1 });
      expect(state.accounts.get(TOKENS.poor)?.credits).toBe(0.05);
      expect(state.stats.snapshot().faultyAnswers).toEqual({ malformed: 0, unreadable: 0 });
    }
  });

  it('answers the configured share unreadable: billed once, the payload under data of a version 2 envelope', async () => {
    const { app, state } = fakeSandbox({
      rates: NO_LIMITS,
      random: seededRandom(3),
      faults: { unreadableShare: 0.5 },
    });
    const bodies: Record<string, unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await request(app).post('/v1/instagram/search').set(bearer(TOKENS.main)).send({ take: 3 });
      expect(res.status).toBe(200);
      bodies.push(res.body);
    }
    const dice = seededRandom(3);
    const unreadable = Array.from({ length: 20 }, () => dice() < 0.5);
    expect(bodies.map((body) => 'version' in body)).toEqual(unreadable);
    const count = unreadable.filter(Boolean).length;
    expect(count).toBeGreaterThan(4);
    expect(count).toBeLessThan(16);
    const wrapped = bodies.find((body) => 'version' in body);
    expect(wrapped).toEqual({
      error: false,
      version: 2,
      data: { total: 40, directs: expect.any(Array), lookalikes: [] },
    });
    expect(wrapped).not.toHaveProperty('directs');
    // Every answer, readable or not, was billed once.
    expect(state.accounts.get(TOKENS.main)?.credits).toBe(1000 - 20 * 0.03);
    const stats = state.stats.snapshot();
    expect(stats.operations.search).toMatchObject({ calls: 20, credits: 0.6, billed: 20 });
    expect(stats.faultyAnswers).toEqual({ malformed: 0, unreadable: count });
  });

  it('wraps every kind of answer unreadable, raw ones billed from the allowance, free ones for nothing', async () => {
    const { app, state } = fakeSandbox({ rates: NO_LIMITS, faults: { unreadableShare: 1 } });
    const raw = await request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.main));
    expect(raw.body).toEqual({
      error: false,
      version: 2,
      data: { pk: '1001', username: 'creator1' },
    });
    const emails = await request(app)
      .post('/v1/email-search')
      .set(bearer(TOKENS.main))
      .send({ emails: ['creator1@example.com', 'nobody@example.com'] });
    expect(emails.body).toEqual({
      error: false,
      version: 2,
      data: {
        matchedEmails: [{ email: 'creator1@example.com', users: [] }],
        notMatchedEmails: ['nobody@example.com'],
        totalMatches: 1,
      },
    });
    const info = await request(app).get('/v1/user/info').set(bearer(TOKENS.main));
    expect(info.body.version).toBe(2);
    expect(info.body.billing).toBeUndefined();
    expect(info.body.data.billing).toEqual({ credits: 1000 - 0.02, rawRequests: 10_000 - 1 });
    expect(state.stats.snapshot().faultyAnswers.unreadable).toBe(3);
  });

  it('switches the unreadable fault and the shapes at run time through /_sandbox/faults', async () => {
    const { app } = fakeSandbox();
    const put = await request(app).put('/_sandbox/faults').send({ unreadableShare: 1, shapes: 'odd' });
    expect(put.status).toBe(200);
    expect(put.body.faults).toMatchObject({ unreadableShare: 1, shapes: 'odd' });
    const res = await request(app).post('/v1/instagram/search').set(bearer(TOKENS.main)).send({ take: 1 });
    // Odd shapes first (no error field, no total), then the unreadable wrapper around them.
    expect(res.body).toEqual({
      error: false,
      version: 2,
      data: {
        directs: [{ username: 'creator0', email: 'creator0@example.com', rank_score: 1 }],
        lookalikes: [],
        took_ms: 12,
      },
    });
    const bad = await request(app).put('/_sandbox/faults').send({ shapes: 'weird' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^shapes must be one of real, odd/);
    expect((await request(app).get('/_sandbox/faults')).body.faults.shapes).toBe('odd');
  });

  it('answers a 429 burst with Retry-After, then recovers', async () => {
    const clock = new FakeClock();
    const { app, state } = fakeSandbox({
      clock,
      rates: NO_LIMITS,
      random: scriptedRandom([0]),
      faults: { burst429Share: 0.2, burst429Ms: 2500 },
    });
    const send = () => request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.main));
    const first = await send();
    expect(first.status).toBe(429);
    expect(first.headers['retry-after']).toBe('3');
    clock.advance(2000);
    const second = await send();
    expect([second.status, second.headers['retry-after']]).toEqual([429, '1']);
    clock.advance(500);
    expect((await send()).status).toBe(200);
    // Faulted raw requests give their unit back.
    expect(state.accounts.get(TOKENS.main)?.rawRequests).toBe(10_000 - 1);
  });

  it('holds a timeout fault for the configured time, then answers 504, counted as a failure', async () => {
    const sleep = recordingSleep();
    const { app, state } = fakeSandbox({
      sleep,
      random: scriptedRandom([0]),
      faults: { timeoutShare: 0.1, timeoutMs: 25_000 },
    });
    const res = await request(app).get('/v1/instagram/profile/1000/report').set(bearer(TOKENS.main));
    expect(res.status).toBe(504);
    expect(sleep.calls).toContain(25_000);
    expect(state.accounts.get(TOKENS.main)?.credits).toBe(1000);
    expect(state.health.groupStatus('reports')).toBe('Unhealthy');
  });

  it('stops holding when the client hangs up, and refunds the raw unit', async () => {
    const { app, state } = fakeSandbox({
      sleep: timerSleep,
      random: scriptedRandom([0]),
      faults: { timeoutShare: 1, timeoutMs: 60_000 },
    });
    await expect(
      request(app).get('/v1/raw/ig/user-info?url=@creator1').set(bearer(TOKENS.main)).timeout(100),
    ).rejects.toThrow(/timeout/i);
    for (let i = 0; i < 100 && state.stats.snapshot().calls === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(state.stats.snapshot().operations.rawIgUserInfo?.byStatus).toEqual({ '504': 1 });
    expect(state.accounts.get(TOKENS.main)?.rawRequests).toBe(10_000);
  });

  it.each([
    ['answer', 1000],
    ['receipt', 999],
  ] as const)(
    'billing on %s: a caller that hangs up during the latency is left with %s credits',
    async (billOn, left) => {
      const { app, state } = fakeSandbox({ sleep: timerSleep, faults: { latencyMs: 300, billOn } });
      await expect(
        request(app).get('/v1/instagram/profile/1000/report').set(bearer(TOKENS.main)).timeout(100),
      ).rejects.toThrow(/timeout/i);
      for (let i = 0; i < 100 && state.stats.snapshot().calls === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // The sandbox saw the caller go (499) either way; only on receipt had it billed already.
      expect(state.stats.snapshot().operations.report?.byStatus).toEqual({ '499': 1 });
      expect(state.accounts.get(TOKENS.main)?.credits).toBe(left);
      expect(state.stats.snapshot().operations.report?.billed).toBe(billOn === 'receipt' ? 1 : 0);
    },
  );

  it('delays the answer by the latency (fake timers)', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const waits: number[] = [];
      const { app } = fakeSandbox({
        sleep: (ms, signal) => {
          waits.push(ms);
          return timerSleep(ms, signal);
        },
        faults: { latencyMs: 1500 },
      });
      let answered = false;
      const pending = request(app)
        .get('/v1/user/info')
        .set(bearer(TOKENS.main))
        .then((res) => {
          answered = true;
          return res;
        });
      const tick = () => new Promise((resolve) => setImmediate(resolve));
      while (waits.length === 0) await tick();
      expect(waits).toEqual([1500]);
      await jest.advanceTimersByTimeAsync(1499);
      for (let i = 0; i < 20; i++) await tick();
      expect(answered).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      const res = await pending;
      expect(res.status).toBe(200);
    } finally {
      jest.useRealTimers();
    }
  });

  it('changes fault settings at run time through /_sandbox/faults', async () => {
    const { app } = fakeSandbox({ random: scriptedRandom([0]) });
    const put = await request(app).put('/_sandbox/faults').send({ serverErrorShare: 0.5 });
    expect(put.status).toBe(200);
    expect(put.body.faults.serverErrorShare).toBe(0.5);
    const res = await request(app).get('/v1/user/info').set(bearer(TOKENS.main));
    expect(res.status).toBe(500);
    expect(res.body.code).toBe('internal_server_error');
    const bad = await request(app).put('/_sandbox/faults').send({ serverErrorShare: 2 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/serverErrorShare must be at most 1/);
  });

  it('never injects faults into /health', async () => {
    const { app } = fakeSandbox({ faults: { serverErrorShare: 1 } });
    expect((await request(app).get('/v1/health')).status).toBe(200);
  });
});
