import type { Server } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import type { Clock } from '../common/clock';
import { isLoopbackHost } from '../common/listen-host';
import { createSandboxApp, type SandboxApp } from './app';
import { parseSandboxConfig, SandboxConfigError, type SandboxConfig } from './config';
import { createWorld, type World } from './data';
import { sandboxHandlers } from './operations';

/**
 * `npm run sandbox`: the Discovery API over generated data, on its own port, on this machine's
 * loopback unless HOST says otherwise. Reads the SANDBOX_* settings (config.ts), generates the
 * world, listens, and stops cleanly on SIGTERM or SIGINT.
 */

export { createSandboxApp } from './app';

export type SandboxWorld = World;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The generated world for the configured seed and size (worker/sandbox/data). Its dates are placed
 * relative to the start of today (UTC), so posts look recent and the data stays the same all day.
 */
function buildWorld(config: SandboxConfig, now: number): SandboxWorld {
  return createWorld({
    seed: config.seed,
    creatorsPerPlatform: config.creatorsPerPlatform,
    now: Math.floor(now / DAY_MS) * DAY_MS,
  });
}

/**
 * The complete sandbox (generated world, every handler) for a configuration, not listening: what
 * the worker mounts when it has no real API token. `clock` is its clock (the system's when absent):
 * rate limits, and the days reports drift by (report-drift.ts).
 */
export function createSandbox(
  config: SandboxConfig,
  now: number = Date.now(),
  clock?: Clock,
): SandboxApp<SandboxWorld> {
  return createSandboxApp({
    world: buildWorld(config, now),
    handlers: sandboxHandlers,
    config,
    seed: config.seed,
    ...(clock === undefined ? {} : { clock }),
  });
}

/** Give in-flight requests this long to finish after a stop, then cut the connections. */
const SHUTDOWN_GRACE_MS = 5_000;

export interface RunningSandbox {
  server: Server;
  /** The versioned base URL, e.g. `http://localhost:8788/v1`. */
  baseUrl: string;
  /** Stops accepting, lets requests in flight finish (at most 5 s), then resolves. */
  stop(): Promise<void>;
}

export async function startSandboxServer(
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<RunningSandbox> {
  const config = parseSandboxConfig(env);
  const { app } = createSandbox(config);
  return new Promise((resolve, reject) => {
    const server = app.listen(config.port, config.host);
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Sandbox: port ${config.port} is in use; set PORT to another one`
            : `Sandbox: could not listen: ${error.message}`,
        ),
      );
    });
    server.once('listening', () => {
      const { port } = server.address() as AddressInfo;
      const baseUrl = `http://${printable(config.host)}:${port}/v1`;
      console.log(`Sandbox Discovery API at ${baseUrl} (token: ${config.accounts[0].token})`);
      if (!isLoopbackHost(config.host))
        console.log(
          `Sandbox: listening on ${config.host}, reachable from other machines; its tokens are no secret`,
        );
      const stop = () =>
        new Promise<void>((done) => {
          const force = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
          server.close(() => {
            clearTimeout(force);
            done();
          });
          server.closeIdleConnections();
        });
      resolve({ server, baseUrl, stop });
    });
  });
}

async function main(): Promise<void> {
  const running = await startSandboxServer();
  const onSignal = (signal: NodeJS.Signals) => {
    console.log(`Sandbox: ${signal}, closing`);
    void running.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    // A configuration or port problem is the user's to fix: the message says how; anything else is a bug.
    console.error(error instanceof SandboxConfigError || isListenError(error) ? error.message : error);
    process.exit(1);
  });
}

/** Where a person on this machine opens it: `localhost` for loopback and every interface. */
function printable(host: string): string {
  if (isLoopbackHost(host) || host === '0.0.0.0' || host === '::') return 'localhost';
  return isIP(host) === 6 ? `[${host}]` : host;
}

function isListenError(error: unknown): error is Error {
  return error instanceof Error && error.message.startsWith('Sandbox: ');
}
