import { SandboxConfigError, parseSandboxConfig } from '../../../worker/sandbox/config';
import {
  DEFAULT_CREATORS_PER_PLATFORM,
  DEFAULT_SEED,
  MAX_CREATORS_PER_PLATFORM,
  MIN_CREATORS_PER_PLATFORM,
} from '../../../worker/sandbox/data/world';

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseSandboxConfig(env);
  } catch (error) {
    if (error instanceof SandboxConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a configuration error');
}

describe('parseSandboxConfig', () => {
  it('has working defaults with nothing set', () => {
    const config = parseSandboxConfig({ HOME: '/root', PATH: '/bin' });
    expect(config).toEqual({
      port: 8788,
      host: '127.0.0.1',
      seed: 'creator-sheets',
      creatorsPerPlatform: 20_000,
      accounts: [{ token: 'sandbox', credits: 1000, rawRequests: 10_000, rawAccess: true }],
      rates: { ai: 1, discovery: 2, dictionaryFast: 10 },
      faults: {
        latencyMs: 0,
        jitterMs: 0,
        serverErrorShare: 0,
        timeoutShare: 0,
        timeoutMs: 25_000,
        malformedShare: 0,
        unreadableShare: 0,
        burst429Share: 0,
        burst429Ms: 2000,
        shapes: 'real',
        billOn: 'answer',
      },
      adminOpen: false,
    });
  });

  it('reads every setting', () => {
    const config = parseSandboxConfig({
      PORT: '0',
      SANDBOX_TOKEN: 'tok-1',
      SANDBOX_CREDITS: '12.345',
      SANDBOX_RAW_REQUESTS: '5',
      SANDBOX_EXTRA_TOKENS: 'no-raw:1000:0:noraw, poor:0.05:100:raw',
      SANDBOX_SEED: '99',
      SANDBOX_CREATORS: '500',
      SANDBOX_RATE_AI: '0.5',
      SANDBOX_RATE_DISCOVERY: 'off',
      SANDBOX_RATE_DICTIONARY_FAST: '20',
      SANDBOX_LATENCY_MS: '30',
      SANDBOX_JITTER_MS: '10',
      SANDBOX_FAULT_5XX: '0.1',
      SANDBOX_FAULT_TIMEOUT: '.05',
      SANDBOX_FAULT_TIMEOUT_MS: '1000',
      SANDBOX_FAULT_MALFORMED: '1',
      SANDBOX_FAULT_UNREADABLE: '0.25',
      SANDBOX_FAULT_429: '0',
      SANDBOX_FAULT_429_MS: '500',
      SANDBOX_SHAPES: 'odd',
      SANDBOX_BILL_ON: 'receipt',
      SANDBOX_ADMIN_OPEN: 'true',
    });
    expect(config.port).toBe(0);
    expect(config.seed).toBe(99);
    expect(config.creatorsPerPlatform).toBe(500);
    expect(config.accounts).toEqual([
      { token: 'tok-1', credits: 12.345, rawRequests: 5, rawAccess: true },
      { token: 'no-raw', credits: 1000, rawRequests: 0, rawAccess: false },
      { token: 'poor', credits: 0.05, rawRequests: 100, rawAccess: true },
    ]);
    expect(config.rates).toEqual({ ai: 0.5, discovery: null, dictionaryFast: 20 });
    expect(config.faults).toEqual({
      latencyMs: 30,
      jitterMs: 10,
      serverErrorShare: 0.1,
      timeoutShare: 0.05,
      timeoutMs: 1000,
      malformedShare: 1,
      unreadableShare: 0.25,
      burst429Share: 0,
      burst429Ms: 500,
      shapes: 'odd',
      billOn: 'receipt',
    });
    expect(config.adminOpen).toBe(true);
  });

  it('takes a text seed or a number seed', () => {
    expect(parseSandboxConfig({ SANDBOX_SEED: 'demo' }).seed).toBe('demo');
    expect(parseSandboxConfig({ SANDBOX_SEED: '7' }).seed).toBe(7);
  });

  it("uses the generated world's own defaults and bounds", () => {
    const config = parseSandboxConfig({});
    expect(config.seed).toBe(DEFAULT_SEED);
    expect(config.creatorsPerPlatform).toBe(DEFAULT_CREATORS_PER_PLATFORM);
    expect(
      parseSandboxConfig({ SANDBOX_CREATORS: String(MIN_CREATORS_PER_PLATFORM) }).creatorsPerPlatform,
    ).toBe(MIN_CREATORS_PER_PLATFORM);
    expect(problemsOf({ SANDBOX_CREATORS: String(MIN_CREATORS_PER_PLATFORM - 1) })).toHaveLength(1);
    expect(problemsOf({ SANDBOX_CREATORS: String(MAX_CREATORS_PER_PLATFORM + 1) })).toHaveLength(1);
  });

  it('treats empty values as unset', () => {
    expect(parseSandboxConfig({ SANDBOX_CREDITS: '', PORT: ' ' }).port).toBe(8788);
  });

  it('refuses unknown SANDBOX_ variables and suggests the setting meant', () => {
    const problems = problemsOf({ SANDBOX_CREDIT: '5', SANDBOX_WHATEVER: 'x' });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      /^SANDBOX_CREDIT is not a sandbox setting \(did you mean SANDBOX_CREDITS\?\); known: PORT, /,
    );
    expect(problems[1]).toMatch(/^SANDBOX_WHATEVER is not a sandbox setting; known: /);
  });

  it('lists every invalid value in one readable message', () => {
    let message = '';
    try {
      parseSandboxConfig({
        SANDBOX_CREDITS: 'lots',
        SANDBOX_FAULT_5XX: '1.5',
        PORT: '70000',
        SANDBOX_RATE_AI: '0',
        SANDBOX_ADMIN_OPEN: 'yes',
      });
    } catch (error) {
      message = error instanceof Error ? error.message : '';
    }
    expect(message.split('\n')).toEqual([
      'Invalid sandbox configuration:',
      '  - PORT must be a whole number from 0 to 65535, got "70000"',
      '  - SANDBOX_CREDITS must be a number of credits of at least 0 with at most 3 decimals, e.g. 1000 or 0.05, got "lots"',
      '  - SANDBOX_RATE_AI must be a number of requests per second above 0, or "off", got "0"',
      '  - SANDBOX_FAULT_5XX must be a share from 0 to 1, e.g. 0.05, got "1.5"',
      '  - SANDBOX_ADMIN_OPEN must be true or false, got "yes"',
    ]);
  });

  it('refuses answer shapes it does not know and unreadable shares outside 0..1, naming the choices', () => {
    expect(problemsOf({ SANDBOX_SHAPES: 'older', SANDBOX_FAULT_UNREADABLE: '2' })).toEqual([
      'SANDBOX_FAULT_UNREADABLE must be a share from 0 to 1, e.g. 0.05, got "2"',
      'SANDBOX_SHAPES must be one of real, odd, got "older"',
    ]);
    expect(problemsOf({ SANDBOX_SHAPE: 'odd' })[0]).toMatch(
      /^SANDBOX_SHAPE is not a sandbox setting \(did you mean SANDBOX_SHAPES\?\)/,
    );
    expect(parseSandboxConfig({ SANDBOX_SHAPES: 'real' }).faults.shapes).toBe('real');
  });

  it('explains what is wrong with an extra token entry', () => {
    expect(problemsOf({ SANDBOX_EXTRA_TOKENS: 'a:1:2,b:x:1:raw,c:1:1:maybe,d e:1:1:raw' })).toEqual([
      'SANDBOX_EXTRA_TOKENS entry "a:1:2" needs 4 fields token:credits:rawRequests:raw|noraw',
      'SANDBOX_EXTRA_TOKENS entry "b:x:1:raw" has credits that are not a number with at most 3 decimals',
      'SANDBOX_EXTRA_TOKENS entry "c:1:1:maybe" must end with raw or noraw',
      'SANDBOX_EXTRA_TOKENS entry "d e:1:1:raw" has a token with characters other than letters, digits and . _ ~ - only',
    ]);
    expect(problemsOf({ SANDBOX_EXTRA_TOKENS: 'sandbox:1:1:raw' })).toEqual([
      'SANDBOX_EXTRA_TOKENS repeats the token "sandbox"; each token is one account',
    ]);
  });
});
