import { randomBytes } from 'node:crypto';
import { parseWorkerConfig, WorkerConfigError } from '../../../worker/src/config';

/**
 * The worker's own settings (the whole process's, sandbox included: test/worker/start-config.test.ts).
 * Issue 16: DATA_SECRET, checked at start-up and never quoted back.
 */

function problemsOf(env: Record<string, string>): string[] {
  try {
    parseWorkerConfig(env);
  } catch (error) {
    if (error instanceof WorkerConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected the configuration to be refused');
}

describe('DATA_SECRET', () => {
  it('is unset by default: the data directory keeps its own secret file', () => {
    expect(parseWorkerConfig({}).dataSecret).toBeNull();
  });

  it('takes 32 bytes as hex or base64', () => {
    const bytes = randomBytes(32);
    expect(parseWorkerConfig({ DATA_SECRET: bytes.toString('hex') }).dataSecret?.reveal()).toEqual(bytes);
    expect(parseWorkerConfig({ DATA_SECRET: bytes.toString('base64') }).dataSecret?.reveal()).toEqual(bytes);
  });

  it('stops the start on anything else, saying what it must be without quoting what it was', () => {
    const passphrase = 'my-team-secret-2026';
    const problems = problemsOf({ DATA_SECRET: passphrase });
    expect(problems).toEqual([
      'DATA_SECRET must be 32 random bytes written as 64 hex characters (openssl rand -hex 32) or as ' +
        `base64 (openssl rand -base64 32); it has ${passphrase.length} characters`,
    ]);
    expect(problems.join('\n')).not.toContain(passphrase);
  });

  it('takes a near miss of its name for a typo', () => {
    expect(problemsOf({ DATA_SECRT: randomBytes(32).toString('hex') })[0]).toContain(
      'DATA_SECRT is not a worker setting (did you mean DATA_SECRET?)',
    );
  });
});
