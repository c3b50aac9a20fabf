import express from 'express';
import { createSandboxRouter, type SandboxRouterOptions, type SandboxState } from './router';
import { SandboxError } from './sandbox-error';

export interface SandboxApp<World> {
  /** The spec's operations under `/v1`, the test knobs under `/_sandbox`; not listening yet. */
  app: express.Express;
  state: SandboxState<World>;
}

/**
 * The sandbox as an Express app, for the standalone server, for tests (supertest) and for the
 * worker, which mounts it whole (`app.use('/sandbox', sandbox.app)` serves `/sandbox/v1`).
 */
export function createSandboxApp<World>(options: SandboxRouterOptions<World>): SandboxApp<World> {
  const { router, adminRouter, state } = createSandboxRouter(options);
  const app = express();
  app.disable('x-powered-by');
  app.use('/v1', router);
  app.use('/_sandbox', adminRouter);
  app.use((req, res) => {
    const error = new SandboxError(
      'not_found',
      `${req.method} ${req.originalUrl.split('?')[0]}: no such path; the API is under /v1`,
    );
    res.status(error.status).json(error.toBody());
  });
  return { app, state };
}
