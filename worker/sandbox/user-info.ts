import type { AccountView } from './accounts';
import type { RateLimits } from './rate-limiter';

/**
 * The raw family is not throttled by the catalogue; the service reports 10 per second for it
 * (api-notes "Account"), so the sandbox reports the same figure.
 */
const REPORTED_RAW_RATE_LIMIT = 10;

/** `GET /user/info` (api-notes "Account", corroborated by three clients). */
interface UserInfoBody {
  error: false;
  billing: { credits: number; rawRequests: number };
  /** `discoveryRatelimit` is left out while the sandbox's discovery limit is switched off. */
  rateLimits: { discoveryRatelimit?: number; rawRatelimit: number };
}

export function userInfoBody(account: AccountView, limits: RateLimits): UserInfoBody {
  return {
    error: false,
    billing: { credits: account.credits, rawRequests: account.rawRequests },
    rateLimits:
      limits.discovery === null
        ? { rawRatelimit: REPORTED_RAW_RATE_LIMIT }
        : { discoveryRatelimit: limits.discovery, rawRatelimit: REPORTED_RAW_RATE_LIMIT },
  };
}
