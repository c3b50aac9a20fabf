import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startLiveSandbox, type LiveSandbox } from './src/verify/live-sandbox';

/**
 * `npm run verify:live`'s entry (worker/verify-live.ts) as a person runs it: the worker's settings
 * from the environment, the cap from the command line, the report on stdout, and an exit code
 * (0: every check that ran answered; 1: one did not; 2: it could not run).
 */

const SCRIPT = join(__dirname, '../../worker/verify-live.ts');

function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT, ...args], {
      // Only what the test gives: no setting of the machine's leaks in.
      env: { PATH: process.env.PATH ?? '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, out, err }));
  });
}

let api: LiveSandbox;
beforeAll(async () => {
  api = await startLiveSandbox('odd');
});
afterAll(async () => api.close());

const live = () => ({
  DISCOVERY_API_URL: api.baseUrl,
  DISCOVERY_API_TOKEN: api.token,
  UPSTREAM_RATE_AI: 'off',
  UPSTREAM_RATE_DISCOVERY: 'off',
  UPSTREAM_RATE_DICTIONARY_FAST: 'off',
});

it('checks the deployment the worker is configured for, within the cap on its command line', async () => {
  api.reset();
  const { code, out, err } = await run(['--max-credits', '0.2', '--max-raw-requests=1'], live());

  expect(err).toBe('');
  expect(code).toBe(0);
  expect(out).toContain(`verify:live against ${api.baseUrl}`);
  expect(out).toContain(
    'Paid operations (cap 0.2 credits and 1 raw requests; spent 0.175 credits, 1 raw request)',
  );
  expect(out).toMatch(
    /\[answered\] search \(instagram, followers from 10,000, one page\): 15 rows, .*drift: missing total/,
  );
  expect(out).not.toContain(api.token);
  expect(api.billed()).toEqual({ credits: 0.175, rawRequests: 1 });
}, 60_000);

it('refuses to run without a real API, or with an argument it does not know, and spends nothing', async () => {
  api.reset();
  const sandbox = await run([], {});
  expect(sandbox.code).toBe(2);
  expect(sandbox.err).toContain('verify:live checks a real deployment');

  const typo = await run(['--max-credit', '2'], live());
  expect(typo.code).toBe(2);
  expect(typo.err).toContain("Unknown option '--max-credit'");
  expect(typo.out).toBe('');
  expect(api.billed()).toEqual({ credits: 0, rawRequests: 0 });
}, 60_000);
