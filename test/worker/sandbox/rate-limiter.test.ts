import { RateLimiter, windowForRate } from '../../../worker/sandbox/rate-limiter';
import { FakeClock } from './fake-sandbox';

describe('RateLimiter', () => {
  it('allows the rate per second per token and family, then says when the next slot frees', () => {
    const clock = new FakeClock(0);
    const limiter = new RateLimiter({ ai: 1, discovery: 2, dictionaryFast: 10 }, clock);
    expect(limiter.tryAcquire('a', 'discovery')).toEqual({ allowed: true });
    clock.advance(300);
    expect(limiter.tryAcquire('a', 'discovery')).toEqual({ allowed: true });
    clock.advance(100);
    expect(limiter.tryAcquire('a', 'discovery')).toEqual({ allowed: false, retryAfterMs: 600 });
    expect(limiter.tryAcquire('b', 'discovery')).toEqual({ allowed: true });
    expect(limiter.tryAcquire('a', 'ai')).toEqual({ allowed: true });
    clock.advance(600);
    expect(limiter.tryAcquire('a', 'discovery')).toEqual({ allowed: true });
    expect(limiter.tryAcquire('a', 'discovery')).toEqual({ allowed: false, retryAfterMs: 300 });
  });

  it('never limits free operations or a family switched off', () => {
    const limiter = new RateLimiter({ ai: 1, discovery: null, dictionaryFast: 1 }, new FakeClock());
    for (let i = 0; i < 20; i++) {
      expect(limiter.tryAcquire('a', 'free').allowed).toBe(true);
      expect(limiter.tryAcquire('a', 'discovery').allowed).toBe(true);
    }
  });

  it('turns rates below one per second into one request per longer window', () => {
    expect(windowForRate(0.5)).toEqual({ limit: 1, windowMs: 2000 });
    expect(windowForRate(2.7)).toEqual({ limit: 2, windowMs: 1000 });
    expect(() => windowForRate(0)).toThrow(/above 0/);
    const clock = new FakeClock(0);
    const limiter = new RateLimiter({ ai: 0.5, discovery: 2, dictionaryFast: 10 }, clock);
    limiter.tryAcquire('a', 'ai');
    clock.advance(1999);
    expect(limiter.tryAcquire('a', 'ai')).toEqual({ allowed: false, retryAfterMs: 1 });
    clock.advance(1);
    expect(limiter.tryAcquire('a', 'ai').allowed).toBe(true);
  });

  it('applies changed limits and forgets windows on reset', () => {
    const limiter = new RateLimiter({ ai: 1, discovery: 2, dictionaryFast: 10 }, new FakeClock(0));
    limiter.tryAcquire('a', 'ai');
    expect(limiter.tryAcquire('a', 'ai').allowed).toBe(false);
    limiter.setLimits({ ai: 3 });
    expect(limiter.tryAcquire('a', 'ai').allowed).toBe(true);
    limiter.reset();
    limiter.setLimits({ ai: 1 });
    expect(limiter.tryAcquire('a', 'ai').allowed).toBe(true);
  });
});
