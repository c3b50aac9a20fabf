import type { Logger } from 'pino';
import type { Playground } from './playground/playground';
import type { SandboxApp } from './sandbox/app';
import type { SandboxWorld } from './sandbox/server';
import { tuneGarbageCollector } from './gc-tuning';
import { loadPlaygroundSource } from './playground-source';
import { parseStartConfig } from './start-config';
import { isLoopbackHost } from './common/listen-host';
import { WorkerConfigError, type WorkerConfig } from './src/config';
import { createDevKey } from './src/identity/dev-key';
import { createIdTokenVerifier } from './src/identity/id-token-verifier';
import { serveWorker, type ServedWorker, type ServeWorkerOptions } from './src/index';

/**
 * `npm start`, the composition root: the one place that wires the worker (worker/src), its
 * stand-in API (worker/sandbox) and the local playground (worker/playground). It reads the config
 * (zero configuration is sandbox mode), builds the sandbox when there is no real API token, hands
 * it and the playground to the worker, prints where everything is, and stops gracefully on SIGTERM
 * or SIGINT. worker/src imports neither of the others: what it serves beside its API comes in here.
 * `npm start` runs it compiled (tsconfig.worker.json, into dist/server: `node
 * dist/server/worker/start.js`, as the container does); tests and tools run it from its sources.
 */

export interface StartWorkerOptions extends Pick<ServeWorkerOptions, 'logDestination' | 'shutdownGraceMs'> {
  env?: Readonly<Record<string, string | undefined>>;
  /** Start-up lines for a person (addresses, dev key); stdout by default. */
  print?: (line: string) => void;
  /**
   * Serve the local playground at `/` (worker/playground), in sandbox mode only: `npm start` does.
   * It builds the add-on in a process of its own, in the background. Off by default.
   */
  playground?: boolean;
}

export interface RunningWorker extends ServedWorker {
  /** The mounted sandbox (its state: stats, faults, world), or null with a real API. */
  sandbox: SandboxApp<SandboxWorld> | null;
  /** The playground, when asked for in sandbox mode; null otherwise. */
  playground: Playground | null;
}

export async function startWorker(options: StartWorkerOptions = {}): Promise<RunningWorker> {
  const { worker: config, sandbox: sandboxConfig } = parseStartConfig(options.env ?? process.env);
  const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
  // Generated before listening (a second or two for the default world), so the server is ready
  // from its first request. Imported only in sandbox mode: with the real API the sandbox's code
  // (generators, handlers) would only take memory.
  const sandbox =
    sandboxConfig === null ? null : (await import('./sandbox/server')).createSandbox(sandboxConfig);
  let playground: Playground | null = null;
  const served = await serveWorker({
    config,
    devKey: config.mode === 'sandbox' ? (config.devKey ?? createDevKey()) : null,
    ...(options.logDestination ? { logDestination: options.logDestination } : {}),
    ...(options.shutdownGraceMs === undefined ? {} : { shutdownGraceMs: options.shutdownGraceMs }),
    localUpstream: sandbox,
    startFront: async (selfUrl, logger) => {
      if (options.playground !== true || sandbox === null) return null;
      playground = await startPlaygroundSafely(`${selfUrl}/`, config, sandbox.state.world, logger);
      return playground;
    },
  });
  printWhere(served, sandbox !== null, playground !== null, print);
  return { ...served, sandbox, playground };
}

/** The worker serves its API without the playground rather than not at all. */
async function startPlaygroundSafely(
  workerUrl: string,
  config: WorkerConfig,
  world: SandboxWorld,
  logger: Logger,
): Promise<Playground | null> {
  try {
    const source = await loadPlaygroundSource();
    if (source === null) {
      logger.info('the playground is not part of this installation (no sources beside the compiled worker)');
      return null;
    }
    // The playground is its own Google: the worker's verifier checks its tokens too.
    return source.startPlayground({
      workerUrl,
      dataDir: config.dataDir,
      world,
      logger,
      createVerifier: createIdTokenVerifier,
    });
  } catch (error) {
    logger.error({ err: error }, 'the playground could not start; the worker runs without it');
    return null;
  }
}

function printWhere(
  worker: ServedWorker,
  sandbox: boolean,
  playground: boolean,
  print: (line: string) => void,
): void {
  const { url, config, devKey } = worker;
  print(
    `Creator Sheets worker on ${url} (${config.mode === 'sandbox' ? 'sandbox mode: no real API token, nothing is spent' : 'live'})`,
  );
  print(`  API:      ${url}/api`);
  print(`  Probes:   ${url}/healthz (alive), ${url}/readyz (ready)`);
  if (sandbox) {
    print(`  Sandbox:  ${url}/sandbox/v1 (the worker's upstream; token "${config.upstream.token}")`);
    print(`  Dev key:  ${devKey ?? ''}`);
    print(`  Try:      curl -H "Authorization: Bearer ${devKey ?? ''}" ${url}/api/account`);
    if (playground) print(`  Browser:  ${url}/ (the playground: a spreadsheet with the add-on)`);
  } else {
    print(`  Upstream: ${worker.upstreamUrl}`);
  }
  print(`  Data:     ${config.dataDir}`);
  print(
    config.host === null
      ? '  Listens:  on every interface (HOST unset)'
      : `  Listens:  on ${config.host} only${isLoopbackHost(config.host) ? ' (this machine; HOST=0.0.0.0 opens it to the network)' : ''}`,
  );
}

async function main(): Promise<void> {
  const starting = startWorker({ playground: true });
  // Listened for from the start: a host may stop the worker while it starts (or right after its
  // first line), and that stop is graceful too once the start is done. A start that fails exits below.
  const onSignal = (signal: NodeJS.Signals) => {
    process.stdout.write(`Worker: ${signal}, finishing requests in flight\n`);
    void starting
      .then((worker) => worker.stop())
      .then(
        () => process.exit(0),
        () => undefined,
      );
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  await starting;
}

if (require.main === module) {
  tuneGarbageCollector();
  main().catch((error: unknown) => {
    // Configuration and port problems are the user's to fix and say how; anything else is a bug.
    const readable =
      error instanceof WorkerConfigError || (error instanceof Error && error.message.startsWith('Worker: '));
    process.stderr.write(
      `${readable && error instanceof Error ? error.message : String(error instanceof Error ? error.stack : error)}\n`,
    );
    process.exit(1);
  });
}
