import http from 'node:http';

/**
 * The flood of flood-bench.ts in a process of its own, so that sending gigabytes does not slow the
 * bench's own load generator (which measures the signed-in user). Settings from the environment:
 * FLOOD_URL (loopback only), FLOOD_SENDERS, FLOOD_BODY_BYTES, FLOOD_MAX_BODIES, FLOOD_MAX_MS. Prints
 * `Flood started`, then one `FLOOD_RESULT {json}` line when done (or on SIGTERM), and exits.
 */

export interface FloodResult {
  bodies: number;
  statuses: Record<string, number>;
  /** Connections the worker closed (or reset) before answering: refused without reading. */
  errors: number;
  firstError: string | null;
  /** From the first body to the end of the flood. */
  elapsedMs: number;
}

const setting = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === '') throw new Error(`${name} is not set`);
  return value;
};

async function main(): Promise<void> {
  const target = new URL(setting('FLOOD_URL'));
  if (target.hostname !== '127.0.0.1')
    throw new Error(`the flood only targets loopback, got ${target.hostname}`);
  const senders = Number(setting('FLOOD_SENDERS'));
  const bodyBytes = Number(setting('FLOOD_BODY_BYTES'));
  const maxBodies = Number(setting('FLOOD_MAX_BODIES'));
  const deadline = performance.now() + Number(setting('FLOOD_MAX_MS'));
  let stopped = false;

  const payload = Buffer.alloc(bodyBytes, 0x20);
  payload.write('{"emails":[', 0);
  payload.write(']}', bodyBytes - 2);
  const agent = new http.Agent({ keepAlive: true, maxSockets: senders });
  const result: FloodResult = { bodies: 0, statuses: {}, errors: 0, firstError: null, elapsedMs: 0 };
  const begin = performance.now();
  const post = () =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        {
          agent,
          hostname: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(bodyBytes) },
        },
        (response) => {
          response.resume();
          response.once('end', () => resolve(response.statusCode ?? 0));
          response.once('error', reject);
        },
      );
      request.once('error', reject);
      request.end(payload);
    });
  const sender = async () => {
    while (!stopped && result.bodies < maxBodies && performance.now() < deadline) {
      result.bodies += 1;
      try {
        const status = String(await post());
        result.statuses[status] = (result.statuses[status] ?? 0) + 1;
      } catch (error) {
        result.errors += 1;
        result.firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  const finish = () => {
    result.elapsedMs = performance.now() - begin;
    agent.destroy();
    process.stdout.write(`FLOOD_RESULT ${JSON.stringify(result)}\n`, () => process.exit(0));
  };
  process.once('SIGTERM', () => {
    stopped = true;
    finish();
  });
  process.stdout.write('Flood started\n');
  await Promise.all(Array.from({ length: senders }, sender));
  finish();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
