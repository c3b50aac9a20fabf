/**
 * The browser tests' worker, in its own process as `npm start` runs it: sandbox mode with the
 * playground. Started by playground-harness.ts with `node --import tsx`; settings come from the
 * environment. Prints one JSON line once the playground has built and loaded the add-on (where it
 * listens, and e-mail addresses and handles of the sandbox world for the tests to type), then runs
 * until SIGTERM or until its parent goes away.
 */
import type { Platform } from '../../shared/platforms';
import { sampleFromWorld } from '../../worker/playground/sample-data';
import { startWorker } from '../../worker/start';
import { announceReady, runChild } from '../support/ready-child';

export interface PlaygroundWorkerReady {
  url: string;
  devKey: string;
  /** Addresses the sandbox's e-mail search matches (then three it does not). */
  emails: string[];
  handles: Record<Platform, string[]>;
}

async function main(): Promise<void> {
  const { PLAYGROUND_TEST_EMAILS: emailCount, ...env } = process.env;
  const worker = await startWorker({
    env,
    playground: true,
    print: () => undefined,
    logDestination: { write: (line: string) => process.stderr.write(line) },
    shutdownGraceMs: 2000,
  });
  const { sandbox, playground, devKey } = worker;
  if (sandbox === null || playground === null || devKey === null) {
    throw new Error('The browser tests need sandbox mode with the playground');
  }
  const sample = sampleFromWorld(sandbox.state.world, {
    emails: Number(emailCount ?? '2000'),
    handles: 50,
  });
  await playground.ready;
  const ready: PlaygroundWorkerReady = { url: worker.url, devKey, ...sample };
  announceReady(ready, () => worker.stop());
}

runChild(main);
