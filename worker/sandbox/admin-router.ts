import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { z } from 'zod';
import { faultSettingsSchema } from './faults';
import { parseWith } from './parse-with';
import { bodyParserError, jsonBody } from './json-body';
import type { SandboxState } from './router';
import { SandboxError, isSandboxError } from './sandbox-error';

/**
 * `/_sandbox/*`: knobs and counters for tests and benchmarks. Not part of the spec, so they live
 * outside the versioned base and never under it. They need the bearer token of any sandbox
 * account, unless the sandbox was built with `adminOpen` (SANDBOX_ADMIN_OPEN=true): the sandbox's
 * tokens are not secrets, but a knob that turns faults on should not be reachable by accident.
 *
 * - GET  /_sandbox/stats            calls, statuses, credits charged and raw units (in total and per
 *                                   operation, with the number of billed answers), faulty answers
 *                                   sent, rejections
 * - POST /_sandbox/reset-stats      zeroes the counters
 * - POST /_sandbox/reset-health     forgets the requests the health rule judges
 * - GET  /_sandbox/faults           latency, fault settings and the answer shapes (`real` | `odd`)
 * - PUT  /_sandbox/faults           changes some of them (same fields, validated), e.g.
 *                                   `{ "unreadableShare": 1 }` or `{ "shapes": "odd" }`
 * - GET  /_sandbox/rate-limits      requests per second per family (null = off)
 * - PUT  /_sandbox/rate-limits      changes some of them; also clears the windows
 * - GET  /_sandbox/accounts         every account
 * - PUT  /_sandbox/accounts/:token  creates or changes one: { credits?, rawRequests?, rawAccess? }
 */

const accountPatchSchema = z.strictObject({
  credits: z
    .number()
    .min(0)
    .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, 'credits are kept to a thousandth')
    .optional(),
  rawRequests: z.number().int().min(0).optional(),
  rawAccess: z.boolean().optional(),
});

const rateSchema = z.number().positive().nullable();
const rateLimitsPatchSchema = z.strictObject({
  ai: rateSchema.optional(),
  discovery: rateSchema.optional(),
  dictionaryFast: rateSchema.optional(),
});

export function createAdminRouter<World>(state: SandboxState<World>): express.Router {
  const router = express.Router();
  router.use(requireAdmin(state));
  router.use(jsonBody());

  router.get('/stats', (_req, res) => {
    res.json(state.stats.snapshot());
  });
  router.post('/reset-stats', (_req, res) => {
    state.stats.reset();
    res.json({ error: false });
  });
  router.post('/reset-health', (_req, res) => {
    state.health.reset();
    res.json({ error: false });
  });

  router.get('/faults', (_req, res) => {
    res.json({ error: false, faults: state.faults.getSettings() });
  });
  router.put('/faults', (req, res) => {
    const patch = parseWith(faultSettingsSchema.partial(), req.body ?? {});
    res.json({ error: false, faults: state.faults.update(patch) });
  });

  router.get('/rate-limits', (_req, res) => {
    res.json({ error: false, rateLimits: state.rateLimiter.getLimits() });
  });
  router.put('/rate-limits', (req, res) => {
    const patch = parseWith(rateLimitsPatchSchema, req.body ?? {});
    state.rateLimiter.setLimits(patch);
    state.rateLimiter.reset();
    res.json({ error: false, rateLimits: state.rateLimiter.getLimits() });
  });

  router.get('/accounts', (_req, res) => {
    res.json({ error: false, accounts: state.accounts.list() });
  });
  router.put('/accounts/:token', (req, res) => {
    const patch = parseWith(accountPatchSchema, req.body ?? {});
    res.json({ error: false, account: state.accounts.set(req.params.token, patch) });
  });

  router.use((req, res) => {
    const error = new SandboxError(
      'not_found',
      `${req.method} ${req.originalUrl.split('?')[0]}: no such sandbox route`,
    );
    res.status(error.status).json(error.toBody());
  });
  router.use(answerAdminError);
  return router;
}

function requireAdmin<World>(state: SandboxState<World>): RequestHandler {
  return (req, _res, next) => {
    if (state.adminOpen) return next();
    const match = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
    if (match && state.accounts.has(match[1])) return next();
    next(
      new SandboxError(
        'api_token_invalid',
        'The /_sandbox routes need "Authorization: Bearer <sandbox token>" (or SANDBOX_ADMIN_OPEN=true)',
      ),
    );
  };
}

const answerAdminError: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  const sandboxError =
    bodyParserError(error) ??
    (isSandboxError(error) ? error : new SandboxError('internal_server_error', 'Internal server error'));
  if (sandboxError.code === 'internal_server_error') console.error('sandbox: admin route failed', error);
  if (!res.headersSent) res.status(sandboxError.status).json(sandboxError.toBody());
};
