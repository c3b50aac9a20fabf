/**
 * The worker of the bundle tests, in its own process: the fake UrlFetchApp blocks the test's
 * thread while it waits (Atomics.wait), so a worker in that thread could never answer. Started by
 * bundle-world.ts with `node --import tsx`; settings come from the environment (sandbox mode).
 * With BUNDLE_GOOGLE_KEYS it also serves Google's certificate endpoint for those keys and points
 * GOOGLE_CERTS_URL at it: the test's thread is blocked while the add-on waits for the worker.
 * With BUNDLE_CLOCK_FILE its time is moved by the offset written there (support/shifted-date.ts).
 * Prints one JSON line (where it listens, and public handles and known e-mail addresses of the
 * sandbox world for the tests to use), then runs until SIGTERM or until its parent goes away.
 */
import { createPrivateKey } from 'node:crypto';
import type { Platform } from '../../shared/platforms';
import { startCertServer } from '../../worker/playground/fake-google';
import { sampleFromWorld } from '../../worker/playground/sample-data';
import { startWorker } from '../../worker/start';
import { announceReady, runChild } from '../support/ready-child';
import { shiftDateBy } from '../support/shifted-date';
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
  const { BUNDLE_GOOGLE_KEYS: exportedKeys, BUNDLE_CLOCK_FILE: clockFile, ...env } = process.env;
  // Days simulated in the fakes pass for the worker too (bundle-sheet-schedules.test.ts).
  if (clockFile !== undefined) shiftDateBy(clockFile);
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
  const { world } = sandbox.state;
  const sample = sampleFromWorld(world, { emails: KNOWN_EMAILS, handles: HANDLES_PER_PLATFORM });
  const ready: BundleWorkerReady = {
    url: worker.url,
    devKey: worker.devKey,
    handles: sample.handles,
    // The sample ends with a few addresses nobody is behind; the tests want matches only.
    emails: sample.emails.filter((email) => world.findByEmail(email).length > 0),
  };
  announceReady(ready, () => worker.stop());
}

runChild(main);
