import { randomBytes } from 'node:crypto';
import { parseSandboxConfig, SandboxConfigError, type SandboxConfig } from './sandbox/config';
import {
  parseWorkerConfig,
  SANDBOX_PREFIX,
  upstreamModeOf,
  WorkerConfigError,
  type LocalUpstream,
  type WorkerConfig,
} from './src/config';

/**
 * The whole process's settings: the worker's, and in sandbox mode the sandbox's (SANDBOX_*), read
 * once at start-up. Every problem of both is reported at once, the worker's first.
 */
export interface StartConfig {
  worker: WorkerConfig;
  /** The sandbox's own settings in sandbox mode; null in live mode. */
  sandbox: SandboxConfig | null;
}

export function parseStartConfig(env: Readonly<Record<string, string | undefined>>): StartConfig {
  const sandboxEnv: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(env)) {
    if (name.startsWith(SANDBOX_PREFIX)) sandboxEnv[name] = value;
  }
  const problems: string[] = [];
  let sandbox: SandboxConfig | null = null;
  const mode = upstreamModeOf(env);
  if (mode === 'sandbox') {
    // The sandbox's default token is the word "sandbox", and the upstream client scrubs its token
    // from every message: a unique one keeps "sandbox" readable in messages and logs.
    if ((sandboxEnv.SANDBOX_TOKEN ?? '').trim() === '') {
      sandboxEnv.SANDBOX_TOKEN = `sandbox-${randomBytes(12).toString('base64url')}`;
    }
    try {
      sandbox = parseSandboxConfig(sandboxEnv);
    } catch (error) {
      if (!(error instanceof SandboxConfigError)) throw error;
      problems.push(...error.problems);
    }
  }
  let worker: WorkerConfig | null = null;
  try {
    worker = parseWorkerConfig(env, sandbox === null ? null : localUpstreamOf(sandbox));
  } catch (error) {
    if (!(error instanceof WorkerConfigError)) throw error;
    problems.unshift(...error.problems);
  }
  if (worker === null || problems.length > 0) throw new WorkerConfigError(problems);
  const ignored = Object.keys(sandboxEnv).filter((name) => (sandboxEnv[name] ?? '').trim() !== '');
  if (mode === 'live' && ignored.length > 0)
    worker.warnings.push(`${ignored.join(', ')} ignored: the sandbox runs only without DISCOVERY_API_URL`);
  return { worker, sandbox };
}

/** The worker paces just under the sandbox's own limits, so a sandbox tuned for a test never 429s. */
function localUpstreamOf(sandbox: SandboxConfig): LocalUpstream {
  const { ai, discovery, dictionaryFast } = sandbox.rates;
  return { token: sandbox.accounts[0]?.token ?? '', rates: { ai, discovery, dictionaryFast } };
}
