import {
  HEALTH_DEGRADED_FAILURE_SHARE,
  HEALTH_UNHEALTHY_FAILURE_SHARE,
  HEALTH_WINDOW_MS,
  HEALTH_WINDOW_REQUESTS,
} from '../../../shared/limits';
import type { HealthDetails } from '../../bridge-contract/health-api';
import type { HealthStatus, HealthView } from '../../bridge-contract/sidebar-api';
import { countOf, formatCount } from '../ui/count-text';
import type { Fact } from '../ui/estimate-text';
import type { HealthTone } from './health-summary';

/** What the Health section says, without the page. */

/** How the service judges its health (api-notes "Health"), stated with the status. */
export const HEALTH_RULE_TEXT =
  `Each group is judged on its last ${HEALTH_WINDOW_REQUESTS} requests of the last ` +
  `${HEALTH_WINDOW_MS / 60_000} minutes: Healthy below ${HEALTH_DEGRADED_FAILURE_SHARE * 100}% failures, ` +
  `Degraded up to ${HEALTH_UNHEALTHY_FAILURE_SHARE * 100}%, Unhealthy above.`;

const GROUP_LABELS: Readonly<Record<string, string>> = {
  search: 'Search',
  reports: 'Reports',
  'reports-audience-overlap': 'Audience overlap',
  'email-search': 'E-mail search',
  dictionaries: 'Dictionaries',
  'ai-search': 'AI search',
  'performance-data': 'Performance data',
  account: 'Account',
  instagram: 'Instagram',
  tiktok: 'TikTok',
  youtube: 'YouTube',
};

/** "reports-audience-overlap" -> "Audience overlap"; a group this version does not know, spelled out. */
export function healthGroupLabel(name: string): string {
  const known = GROUP_LABELS[name];
  if (known !== undefined) return known;
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words === '' ? name : words.charAt(0).toUpperCase() + words.slice(1);
}

const TONES: Readonly<Record<HealthStatus, HealthTone>> = {
  Healthy: 'ok',
  Degraded: 'warning',
  Unhealthy: 'error',
  Unknown: 'unknown',
};

export function statusTone(status: HealthStatus): HealthTone {
  return TONES[status];
}

/** 42 -> "42 s", 3900 -> "1 h 5 min", 190000 -> "2 d 4 h". */
export function durationText(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** The API's status in a sentence, and what to do when the worker cannot reach it. */
export function apiSummary(details: HealthDetails): string {
  const { api } = details.view;
  if (!api.reachable) {
    const why = details.apiError === null ? '' : ` (${details.apiError.replace(/[.\s]+$/, '')})`;
    return (
      `The worker cannot reach the API${why}. Try again in a minute; if it lasts, ask whoever runs ` +
      'the worker to check its API address and token.'
    );
  }
  const said = saidText(details);
  switch (api.status) {
    case 'Healthy':
      return `The API is Healthy${said}: requests are answering normally.`;
    case 'Degraded':
      return `The API is Degraded${said}: some requests fail or are slow. Long jobs carry on and retry.`;
    case 'Unhealthy':
      return `The API is Unhealthy${said}: many requests fail. Wait before starting paid work; failed calls are not billed.`;
    case 'Unknown':
      return `The API gave no status this version knows${said}.`;
  }
}

/**
 * ` (it says "ok")` when the service's own word differs from the status shown: the worker reads
 * `ok`, any case, as Healthy and a word it does not know as Degraded, and an admin comparing notes
 * with the vendor needs the word as written.
 */
function saidText(details: HealthDetails): string {
  const said = details.apiSaid;
  if (said === null || said.toLowerCase() === details.view.api.status.toLowerCase()) return '';
  return ` (it says ${JSON.stringify(said)})`;
}

const WORKER_STATUS: Readonly<Record<HealthView['worker']['status'], string>> = {
  ok: 'OK',
  degraded: 'Degraded: some of its calls to the API fail',
  down: 'Down: it cannot serve requests now',
};

const WORKER_MODE: Readonly<Record<HealthView['worker']['mode'], string>> = {
  sandbox: 'Sandbox: generated data, no real credits',
  live: 'Live: the real API',
  unknown: 'Not said',
};

/** The worker's facts; `time` writes an ISO time for people (the page's locale). */
export function workerFacts(details: HealthDetails, time: (iso: string) => string): Fact[] {
  const { worker } = details.view;
  const facts: Fact[] = [
    { label: 'Status', value: WORKER_STATUS[worker.status] },
    { label: 'Mode', value: WORKER_MODE[worker.mode] },
    { label: 'Up for', value: durationText(worker.uptimeSeconds) },
  ];
  const extra = details.worker;
  if (extra.startedAt !== null) facts.push({ label: 'Started', value: time(extra.startedAt) });
  if (extra.storeReachable !== null) {
    facts.push({
      label: 'Store',
      value: extra.storeReachable ? 'Answers' : 'Not reachable: jobs and caches fail',
    });
  }
  if (extra.upstream !== null) {
    const { calls, errors, retries, windowMinutes, lastError } = extra.upstream;
    const parts = [`${formatCount(errors)} failed`];
    if (retries > 0) parts.push(`${formatCount(retries)} retried`);
    facts.push({
      label: `API calls, last ${windowMinutes} min`,
      value: calls === 0 ? 'None' : `${formatCount(calls)} (${parts.join(', ')})`,
    });
    if (lastError !== null) {
      const when = lastError.at === null ? '' : `, ${time(lastError.at)}`;
      facts.push({ label: 'Last API error', value: `${lastError.description}${when}` });
    }
  }
  if (extra.backgroundTasks !== null && extra.backgroundTasks > 0) {
    facts.push({ label: 'Still fetching', value: countOf(extra.backgroundTasks, 'request') });
  }
  return facts;
}
