/** The worker's client of the Discovery API: one request core, its retry rules, throttle and error. */
export {
  createUpstreamClient,
  DEFAULT_BASE_DELAY_MS,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_MAX_DELAY_MS,
  DEFAULT_TIMEOUT_MS,
  type ParsedRequestOptions,
  type RequestOptions,
  type UpstreamClient,
  type UpstreamClientOptions,
  type UpstreamEvent,
  type UpstreamFetch,
  type UpstreamLogger,
  type UpstreamRequestInit,
  type UpstreamResponse,
} from './request-core';
export {
  decideRetry,
  parseRetryAfter,
  type AttemptOutcome,
  type RetryDecision,
  type RetryInput,
  type RetryReason,
} from './retry-rules';
export {
  createThrottle,
  DEFAULT_UTILIZATION,
  DOCUMENTED_RATES,
  Throttle,
  type FamilyRates,
  type ThrottleOptions,
  type ThrottlePermit,
} from './throttle';
export {
  isUpstreamError,
  redactSecrets,
  UpstreamError,
  type LocalErrorCode,
  type UpstreamErrorInit,
  type UpstreamErrorJson,
} from './upstream-error';
export {
  buildUpstreamUrl,
  normalizeBaseUrl,
  operationTarget,
  type OperationTarget,
  type QueryParams,
  type QueryValue,
  type UrlParts,
} from './upstream-url';
