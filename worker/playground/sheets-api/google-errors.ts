/**
 * Google's error shape for its JSON APIs: `{ error: { code, message, status, details? } }`, the
 * HTTP status in `code` and the canonical code in `status` (the mapping of google.rpc.Code:
 * INVALID_ARGUMENT 400, UNAUTHENTICATED 401, PERMISSION_DENIED 403, NOT_FOUND 404,
 * RESOURCE_EXHAUSTED 429, UNIMPLEMENTED 501; https://cloud.google.com/apis/design/errors and
 * https://developers.google.com/analytics/devguides/reporting/data/v1/errors for the shape).
 */
export type GoogleStatus =
  | 'INVALID_ARGUMENT'
  | 'UNAUTHENTICATED'
  | 'PERMISSION_DENIED'
  | 'NOT_FOUND'
  | 'RESOURCE_EXHAUSTED'
  | 'UNIMPLEMENTED';

const HTTP_STATUS: Readonly<Record<GoogleStatus, number>> = {
  INVALID_ARGUMENT: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  RESOURCE_EXHAUSTED: 429,
  UNIMPLEMENTED: 501,
};

/** One entry of `details`, e.g. google.rpc.ErrorInfo. */
export interface ErrorDetail {
  '@type': string;
  [field: string]: unknown;
}

export interface GoogleErrorBody {
  error: { code: number; message: string; status: GoogleStatus; details?: ErrorDetail[] };
}

/** An error the emulator answers in Google's shape; thrown anywhere below a route. */
export class GoogleApiError extends Error {
  constructor(
    readonly status: GoogleStatus,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'GoogleApiError';
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.status];
  }

  toBody(): GoogleErrorBody {
    return {
      error: {
        code: this.httpStatus,
        message: this.message,
        status: this.status,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export function invalidArgument(message: string): GoogleApiError {
  return new GoogleApiError('INVALID_ARGUMENT', message);
}

/** google.rpc.ErrorInfo, which Google attaches to auth and quota errors. */
export function errorInfo(reason: string, metadata: Record<string, string>): ErrorDetail {
  return {
    '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
    reason,
    domain: 'googleapis.com',
    metadata: { service: 'sheets.googleapis.com', ...metadata },
  };
}
