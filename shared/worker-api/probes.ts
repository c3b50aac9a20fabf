/**
 * The worker's health probes, for the host that runs it (a container's HEALTHCHECK, Cloud Run's
 * or Kubernetes' probes, a load balancer), not for the add-on: no credential, outside `/api` and
 * its rate limits. A probe that fails answers 503 with the worker's usual error body.
 */

/** `GET /healthz`: the process is alive and answers HTTP. It asks nothing of the store or the API. */
export interface LivenessAnswer {
  status: 'alive';
}

/** `GET /readyz`: the worker takes requests: its store answers, and it is neither starting nor stopping. */
export interface ReadinessAnswer {
  status: 'ready';
}
