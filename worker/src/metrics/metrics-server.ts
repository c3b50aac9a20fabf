import { createServer, type Server } from 'node:http';
import type { Logger } from 'pino';
import { PROMETHEUS_CONTENT_TYPE } from './prometheus-text';
import type { WorkerMetrics } from './worker-metrics';

/**
 * `GET /metrics` on a port of its own (METRICS_PORT), for a Prometheus scraper or a collector
 * beside the worker (Cloud Run's sidecar reads it on localhost): apart from the API, so a scraper
 * needs no worker key and the API's port shows nothing of it. It answers counts only, no secret.
 */
export function serveMetrics(
  metrics: WorkerMetrics,
  port: number,
  host: string | null,
  logger: Logger,
): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Only GET /metrics here\n');
      return;
    }
    metrics
      .write((name, error) => logger.warn({ err: error, metric: name }, 'a metric could not be read'))
      .then(
        (text) =>
          res
            .writeHead(200, { 'Content-Type': PROMETHEUS_CONTENT_TYPE, 'Cache-Control': 'no-store' })
            .end(text),
        (error: unknown) => {
          logger.error({ err: error }, 'the metrics could not be written');
          res
            .writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' })
            .end('The metrics could not be written\n');
        },
      );
  });
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Worker: METRICS_PORT ${port} is in use; set it to another port`
            : `Worker: could not serve the metrics on port ${port}: ${error.message}`,
        ),
      ),
    );
    const listening = () => {
      logger.info({ port }, 'metrics served at /metrics');
      resolve(server);
    };
    if (host === null) server.listen(port, listening);
    else server.listen(port, host, listening);
  });
}
