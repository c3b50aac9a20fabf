import type { Response } from 'express';

/** The worker's error body (DESIGN "Errors users see"): `{ "error": { "code", "message" } }`. */
export function sendError(res: Response, status: number, code: string, message: string): void {
  res.status(status).json({ error: { code, message } });
}
