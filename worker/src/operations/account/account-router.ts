import { z } from 'zod';
import { optionalQueryBoolean } from '../../../../shared/requests/fields';
import { served, type ServedRoute } from '../../request-io/served-route';
import { readAccount } from './account';
import { operationContext, type OperationDeps } from '../operation-deps';

/** `?withHeader=true` (or `1`): the header row first. */
export const accountQuerySchema = z.looseObject({ withHeader: optionalQueryBoolean() });

/**
 * `GET /api/account[?withHeader=true]`: this user's spend today and this month and their budget
 * lines; for admins also the API account (`/user/info`) and the team's. Members get `api: null`
 * with a sentence why. Recent calls and the team per person: `GET /api/account/usage`.
 */
export function accountRoutes(deps: OperationDeps): ServedRoute[] {
  return [
    served(
      'account',
      { query: accountQuerySchema },
      {
        handle: ({ query }, req, res) => {
          res.set('Cache-Control', 'no-store');
          return readAccount(deps, operationContext(req, deps), { withHeader: query.withHeader === true });
        },
      },
    ),
  ];
}
