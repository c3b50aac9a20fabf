/**
 * The worker of the bundle tests, in its own process: the fake UrlFetchApp blocks the test's
 * thread while it waits (Atomics.wait), so a worker in that thread could never answer. Started by
 * bundle-world.ts with `node --import tsx`; settings come from the environment (sandbox mode).
 * With BUNDLE_GOOGLE_KEYS it also serves Google's certificate endpoint for those keys and points
 * GOOGLE_CERTS_URL at it: the test's thread is blocked while the add-on waits for the worker.
 * Prints one JSON line (where it listens, and public handles and known e-mail addresses of the
 * sandbox world for the tests to use), then runs until SIGTERM or until its parent goes away.
 */
import { createPrivateKey } from 'node:crypto';
import { PLATFORMS, type Platform } from '../../shared/platforms';
import { FLAG } from '../../worker/sandbox/data';
import { creatorEmail } from '../../worker/sandbox/data/details';
import { startWorker } from '../../worker/src/index';
import { startCertServer } from '../../worker/playground/fake-google';
import type { ExportedKey } from './bundle-world';

export interface BundleWorkerReady {
  url: string;
  devKey: string;
  handles: Record<Platform, string[]>;
  /** Addresses the sandbox's e-mail search matches. */
  emails: string[];
}

const HANDLES_PER_PLATFORM = Number(process.env.BUNDLE_HANDLES ?? '600');
const KNOWN_EMAILS = Number(process.env.BUNDLE_EMAILS ?? '300');

async function main(): Promise<void> {
  const { BUNDLE_GOOGLE_KEYS: exportedKeys, ...env } = process.env;
  if (exportedKeys !== undefined) {
    const keys = (JSON.parse(exportedKeys) as ExportedKey[]).map((key) => ({
      kid: key.kid,
      publicPem: key.publicPem,
      privateKey: createPrivateKey(key.privatePem),
    }));
    // Closed with the process.
    env.GOOGLE_CERTS_URL = (await startCertServer(keys)).url;
  }
  const worker = await startWorker({
    env,
    print: () => undefined,
    logDestination: { write: (line: string) => process.stderr.write(line) },
    shutdownGraceMs: 2000,
  });
  const sandbox = worker.sandbox;
  if (sandbox === null || worker.devKey === null) throw new Error('the bundle tests need sandbox mode');
  const handles = {} as Record<Platform, string[]>;
  const emails: string[] = [];
  for (const platform of PLATFORMS) {
    const creators = sandbox.state.world.platform(platform);
    const list: string[] = [];
    // Private accounts have no report; the tests want reports that cost.
    for (let i = 10; i < creators.size && list.length < HANDLES_PER_PLATFORM; i++) {
      if ((creators.columns.flags[i] & FLAG.private) === 0) list.push(creators.username(i));
    }
    handles[platform] = list;
    for (let i = 0; i < creators.size && emails.length < KNOWN_EMAILS; i++) {
      const email = creatorEmail(creators, i);
      if (email !== null && !emails.includes(email) && sandbox.state.world.findByEmail(email).length > 0)
        emails.push(email);
    }
  }
  const ready: BundleWorkerReady = { url: worker.url, devKey: worker.devKey, handles, emails };
  process.stdout.write(`${JSON.stringify(ready)}\n`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void worker.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  // A parent that dies without a word closes our stdin: no orphan is left behind.
  process.stdin.on('end', stop);
  process.stdin.resume();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
