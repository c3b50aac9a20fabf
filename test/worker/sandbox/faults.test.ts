import request from 'supertest';
import { timerSleep } from '../../../worker/common/clock';
import { DEFAULT_FAULT_SETTINGS, Faults, MALFORMED_BODY } from '../../../worker/sandbox/faults';
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
    expect(faults.getSettings().serverErrorShare).toBe(0);
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

  it('answers a malformed body as a 200 that is not JSON, and charges nothing', async () => {
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
    expect(state.accounts.get(TOKENS.main)?.credits).toBe(1000);
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
