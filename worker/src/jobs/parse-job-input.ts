import { z } from 'zod';
import { parseRequest } from '../../../shared/validation-message';
import { badRequest, isWorkerError } from '../request-io/worker-error';

/**
 * A kind's `input` checked with its schema; a 400 whose message names each field under `input`
 * (`input.emails must hold 1 to 500000 items, got 0`), as the caller wrote it.
 */
export function parseJobInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    throw badRequest('input must be an object with the settings of the job kind');
  }
  const parsed = parseRequest(z.looseObject({ input: schema }), { input });
  if (!parsed.success) throw badRequest(parsed.message);
  return parsed.data.input as z.output<S>;
}

/**
 * Runs an operation's own request parser on a job's input, saying that the problems it names are
 * in `input` (`input: filter.influencer.gender must be one of ...`).
 */
export function parsedAsJobInput<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (isWorkerError(error) && error.status === 400) throw badRequest(`input: ${error.message}`);
    throw error;
  }
}
