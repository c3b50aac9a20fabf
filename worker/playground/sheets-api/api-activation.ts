import { errorInfo, GoogleApiError, type ErrorDetail } from './google-errors';

/**
 * Whether the Sheets API is enabled in each Cloud project, as in the console's APIs & Services: a
 * project starts with it enabled here (the emulator stands in for a project set up as README says),
 * and a test turns it off to see Google's refusal. Google checks it for every call of a project's
 * account, once the token is known and before the spreadsheet is looked at: a project without the
 * API gets the same 403 for a spreadsheet shared with it, one not shared, and one that does not
 * exist.
 */
export class ApiActivation {
  private readonly disabled = new Set<string>();

  disable(projectNumber: string): void {
    this.disabled.add(projectNumber);
  }

  enable(projectNumber: string): void {
    this.disabled.delete(projectNumber);
  }

  /** Throws Google's SERVICE_DISABLED refusal when the project has the API turned off. */
  check(projectNumber: string): void {
    if (this.disabled.has(projectNumber)) throw serviceDisabled(projectNumber);
  }
}

const SERVICE_TITLE = 'Google Sheets API';

/**
 * Google's answer to a call from a project without the API, worded as Google words it (403
 * PERMISSION_DENIED, "has not been used in project ... before or it is disabled"), with the
 * google.rpc.ErrorInfo reason SERVICE_DISABLED, a LocalizedMessage and the activation link as Help.
 */
export function serviceDisabled(projectNumber: string): GoogleApiError {
  const activationUrl = `https://console.developers.google.com/apis/api/sheets.googleapis.com/overview?project=${projectNumber}`;
  const message =
    `${SERVICE_TITLE} has not been used in project ${projectNumber} before or it is disabled. ` +
    `Enable it by visiting ${activationUrl} then retry. If you enabled this API recently, wait a few ` +
    'minutes for the action to propagate to our systems and retry.';
  const details: ErrorDetail[] = [
    errorInfo('SERVICE_DISABLED', {
      consumer: `projects/${projectNumber}`,
      activationUrl,
      serviceTitle: SERVICE_TITLE,
      containerInfo: projectNumber,
    }),
    { '@type': 'type.googleapis.com/google.rpc.LocalizedMessage', locale: 'en-US', message },
    {
      '@type': 'type.googleapis.com/google.rpc.Help',
      links: [{ description: 'Google developers console API activation', url: activationUrl }],
    },
  ];
  return new GoogleApiError('PERMISSION_DENIED', message, details);
}
