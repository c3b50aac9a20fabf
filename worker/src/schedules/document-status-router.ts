import type { DocumentStatusAnswer } from '../../../shared/worker-api/document-status';
import type { Clock } from '../../common/clock';
import { formulaAllowanceAnswer, type AllowanceReaders } from '../budgets/formula-allowance-router';
import { served, type ServedRoute } from '../request-io/served-route';
import { requireIdentity } from '../identity/identity';
import type { ScheduleRepository } from '../store/schedule-repository';
import { scheduleAnswer } from '../store/rows/schedule-rows';
import { visibleSchedules } from './schedule-access';
import type { EditAccess } from '../documents/edit-access';
import { documentParamsSchema } from '../request-io/document-params';

interface DocumentStatusRouteOptions extends AllowanceReaders {
  schedules: Pick<ScheduleRepository, 'ofDocument'>;
  editAccess: EditAccess;
  clock: Clock;
}

/**
 * `GET /api/documents/:documentId/status` (issue 25): a document's schedules and formula
 * allowance in one answer, each as its own route answers it, for a sidebar that keeps what it
 * shows true with one call a minute (a UrlFetch each, against the user's daily quota). To the
 * document's editors, with proof as for those routes (issue 22; where none can be given, the
 * schedules the add-on runs, to whom they are trusted: issue 26); admins need none.
 */
export function documentStatusRoutes(options: DocumentStatusRouteOptions): ServedRoute[] {
  const status = served(
    'documentStatus',
    { params: documentParamsSchema },
    {
      handle: async ({ params: { documentId } }, req, res) => {
        const identity = requireIdentity(req);
        // The schedules list's own rule (with proof; where none can be given, the add-on's: issue 26).
        const schedules = await visibleSchedules(
          { store: { schedules: options.schedules, keys: options.keys }, editAccess: options.editAccess },
          identity,
          documentId,
          req,
        );
        const answer: DocumentStatusAnswer = {
          at: options.clock.now(),
          schedules: schedules.map(scheduleAnswer),
          allowance: await formulaAllowanceAnswer(options, identity, documentId),
        };
        res.set('Cache-Control', 'no-store');
        return answer;
      },
    },
  );
  return [status];
}
