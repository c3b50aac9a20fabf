/**
 * One playground build in a short-lived process (see playground-build-process.ts): the job as JSON
 * in argv[2]; exits 0 when the files are written, else prints the build's message and exits 1.
 */
import { buildAddon, buildPage } from './playground-build';
import type { PlaygroundBuildJob } from './playground-build-process';

async function main(): Promise<void> {
  const job = JSON.parse(process.argv[2] ?? '{}') as PlaygroundBuildJob;
  if (job.kind === 'page') await buildPage(job.outDir);
  else if (job.kind === 'addon') await buildAddon({ workerUrl: job.workerUrl, outDir: job.outDir });
  else throw new Error(`unknown playground build ${JSON.stringify(job)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
