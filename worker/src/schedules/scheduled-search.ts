import type { ScheduleAnswer, ScheduleRequest } from '../../../shared/worker-api/schedules';
import { fileFormulaAsk } from '../billing/formula-ask';
import { isBudgetExceededError } from '../request-io/budget-exceeded-error';
import { WorkerError } from '../request-io/worker-error';
import { runAiSearch, withFetchedImage } from '../operations/ai-search/ai-search';
import { parseAiSearchRequest, type AiSearchInput } from '../operations/ai-search/ai-search-request';
import type { OperationContext, OperationDeps } from '../operations/operation-deps';
import { runSearch } from '../operations/search/search';
import { parseSearchRequest, type SearchInput } from '../operations/search/search-request';
import type { PagedAnswer } from '../../../shared/worker-api/paged-answer';

/**
 * Scheduled saved searches and AI searches (issue 25): a run pages the search into the output tab
 * through the worker's own operations, cache first (a page is kept a day), billed like the
 * document's formulas and within their allowance and the schedule's own monthly budget. The
 * search is checked with the API's own parsers when the schedule is set up, and again each run.
 */

const AI_OPERATIONS = { text: 'aiTextSearch', image: 'aiImageSearch', lookalikes: 'aiLookalikes' } as const;

/** The kinds with no input column: what they fetch is in the request. */
export function isSearchKind(kind: ScheduleRequest['kind']): kind is 'search' | 'ai-search' {
  return kind === 'search' || kind === 'ai-search';
}

function searchInput(schedule: Pick<ScheduleRequest, 'search'>): SearchInput {
  return parseSearchRequest({ ...schedule.search, withHeader: true });
}

function aiSearchInput(schedule: Pick<ScheduleRequest, 'aiSearch'>): AiSearchInput {
  if (schedule.aiSearch?.mode === 'image' && schedule.aiSearch.imageUrl === undefined) {
    throw new WorkerError(
      400,
      'invalid_request',
      'An uploaded image cannot be scheduled (each run would carry it): search by an image link instead.',
    );
  }
  return parseAiSearchRequest({ ...schedule.aiSearch, withHeader: true });
}

/**
 * Refuses, 400 in words, a request whose kind and search disagree or whose search the API would
 * refuse; answers it as it is otherwise.
 */
export function checkScheduleKind(request: ScheduleRequest): ScheduleRequest {
  const refuse = (message: string) => new WorkerError(400, 'invalid_request', message);
  if (!isSearchKind(request.kind)) {
    if (request.search !== undefined || request.aiSearch !== undefined) {
      throw refuse(`search and aiSearch are for the kinds search and ai-search, not ${request.kind}`);
    }
    return request;
  }
  if (request.mode === 'merge') {
    throw refuse(
      'A scheduled search replaces its table or adds a dated snapshot each run: choose replace or append-snapshot.',
    );
  }
  if (request.kind === 'search') {
    if (request.search === undefined) throw refuse('search is required for the kind search');
    searchInput(request);
  } else {
    if (request.aiSearch === undefined) throw refuse('aiSearch is required for the kind ai-search');
    aiSearchInput(request);
  }
  return request;
}

/** A run's table: the search's header and its rows, every page the schedule asks for. */
export async function fetchScheduledSearch(
  deps: OperationDeps,
  context: OperationContext,
  schedule: ScheduleAnswer,
): Promise<Pick<PagedAnswer, 'header' | 'columns' | 'rows'>> {
  let answer: PagedAnswer;
  try {
    if (schedule.kind === 'search') {
      answer = await runSearch(deps, context, searchInput(schedule));
    } else {
      const input = await withFetchedImage(deps, aiSearchInput(schedule));
      answer = await runAiSearch(deps, context, input);
    }
  } catch (error) {
    // Past the document's formula allowance: the ask is filed for Settings, and the run says so.
    const sentence = await fileFormulaAsk(deps.store.formulaAllowances, context, error, {
      operation: schedule.kind === 'search' ? 'search' : AI_OPERATIONS[schedule.aiSearch?.mode ?? 'text'],
      credits: isBudgetExceededError(error) ? error.estimate : 0,
      itemKeys: [schedule.id],
      source: {
        kind: 'schedule',
        scheduleId: schedule.id,
        name: schedule.name,
        tab: schedule.output.sheetName,
      },
    });
    throw new Error(sentence);
  }
  const [, ...rows] = answer.rows;
  return { header: answer.header, columns: answer.columns, rows };
}
