import { setFlagsFromString } from 'node:v8';

/**
 * V8 flags for the worker's process, set as it starts (`npm start`, the container, the benches):
 * here rather than on each command line, so every way of running it gets them.
 *
 * `--no-allocation-site-pretenuring`: V8 watches which places in the code allocate objects that
 * outlive a young-generation sweep and, past a share, allocates everything from those places
 * straight in the old generation. The worker holds requests open for as long as their fetches take
 * (a 1,000-handle report run: about 20 s; an e-mail enrichment: 30 s and more), so the request
 * pipeline's own allocation places (Express, the body parser, the operation's context) look
 * long-lived while those run, and stay judged so afterwards: every cached answer then fills the
 * old generation with garbage, and each full collection marks the reports the cache's memory
 * holds. Measured (issue 28, `npm run bench -- worker:reports worker:throughput`): the cached
 * route after a report run cost 134 to 146 µs of CPU per answer with pretenuring, 116 to 121 µs
 * without, as on a fresh worker; Node 20 and 24 both take the flag at run time
 * (`--trace-pretenuring-statistics` shows no decision to tenure once it is set).
 */
export function tuneGarbageCollector(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
