import type { RequestHandler } from 'express';
import { sendError } from '../request-io/send-error';

/** Behind the authenticator: lets admins through, answers 403 forbidden to everyone else. */
export function requireAdmin(): RequestHandler {
  return (req, res, next) => {
    if (req.identity?.role === 'admin') {
      next();
      return;
    }
    sendError(res, 403, 'forbidden', 'Only an admin may do this (ADMIN_EMAILS)');
  };
}
