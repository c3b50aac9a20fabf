import type { GoogleFailure } from './google-failure';

/**
 * Google's refusals of the worker's Sheets calls told apart (issue 26), each with its own sentence
 * and next step, for Settings, a delivery handed back and a schedule's failure. Google words them
 * (the Sheets API emulator answers each as Google does: worker/playground/sheets-api):
 * - `api-disabled`: 403 with the ErrorInfo reason SERVICE_DISABLED, "Google Sheets API has not
 *   been used in project N before or it is disabled": the worker's Cloud project lacks the API;
 * - `not-shared`: 403 "The caller does not have permission": the spreadsheet is not shared with the
 *   service account. A Workspace domain that keeps its files from accounts outside it gives the
 *   worker the same answer; the add-on tells that case apart when it shares the sheet for the user
 *   (Settings > Server delivery > Share with the worker), where Google refuses it in words;
 * - `gone`: 404 "Requested entity was not found.": deleted, in the trash, or a changed id;
 * - `quota`: 429 RESOURCE_EXHAUSTED, the per-minute quota of the service account or its project;
 * - `unauthorized`: 401, the service account's key or token was refused;
 * - `bad-request`: 400, what the worker asked was wrong (a tab renamed, a range past the grid);
 * - `other`: anything else, Google's own words.
 */
export type RefusalKind =
  'api-disabled' | 'not-shared' | 'gone' | 'quota' | 'unauthorized' | 'bad-request' | 'other';

export interface Refusal {
  kind: RefusalKind;
  /** What happened and what to do, in sentences. */
  sentence: string;
}

/** The project number Google names in a SERVICE_DISABLED answer, if it names one. */
function projectOf(failure: GoogleFailure): string | null {
  return /project (\d+)/.exec(failure.message)?.[1] ?? null;
}

function isApiDisabled(failure: GoogleFailure): boolean {
  return (
    failure.reason === 'SERVICE_DISABLED' ||
    (failure.status === 403 && /has not been used in project|it is disabled/.test(failure.message))
  );
}

/** `serviceAccount`: the worker's address, for the sentence that says whom to share with. */
export function refusalOf(failure: GoogleFailure, serviceAccount: string | null): Refusal {
  const account = serviceAccount ?? "the worker's service account";
  if (isApiDisabled(failure)) {
    const project = projectOf(failure);
    const where = project === null ? '' : ` (${project})`;
    const command = `gcloud services enable sheets.googleapis.com${project === null ? '' : ` --project=${project}`}`;
    return {
      kind: 'api-disabled',
      sentence: `The Google Sheets API is not enabled in the worker's Google Cloud project${where}: an admin enables it (${command}, or APIs & Services > Library > Google Sheets API > Enable) and tries again a few minutes later.`,
    };
  }
  switch (failure.status) {
    case 403:
      return {
        kind: 'not-shared',
        sentence: `This spreadsheet is not shared with ${account}: share it with that address as Editor (Settings > Server delivery). If Google answers that it cannot be shared outside your organization, your domain keeps it out: an admin may allow the address.`,
      };
    case 404:
      return {
        kind: 'gone',
        sentence:
          'Google no longer finds this spreadsheet: it was deleted, moved to the trash, or its address changed. Restore it, or delete what writes into it.',
      };
    case 429:
      return {
        kind: 'quota',
        sentence: `Google's per-minute quota for the worker's Sheets calls is used up (${failure.message}): the worker waits and tries again by itself; if it lasts, an admin asks for a higher quota (IAM & Admin > Quotas, Google Sheets API).`,
      };
    case 401:
      return {
        kind: 'unauthorized',
        sentence: `Google did not accept the worker's service account (${failure.message}): an admin checks its key (GOOGLE_APPLICATION_CREDENTIALS) or the host's service account.`,
      };
    case 400:
      return { kind: 'bad-request', sentence: `Google refused the request (400: ${failure.message}).` };
    default:
      return {
        kind: 'other',
        sentence: `Google refused it (${failure.status ?? 'no answer'}: ${failure.message}).`,
      };
  }
}
