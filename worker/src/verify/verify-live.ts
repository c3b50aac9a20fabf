import { sumCharges, type CreditCharge } from '../../../shared/pricing';
import type { Clock, Sleep } from '../../common/clock';
import type { WorkerConfig } from '../config';
import type { ContractDriftSummary } from '../store/contract-drift-repository';
import type { UpstreamFetch } from '../upstream/upstream-attempt';
import type { CheckReport, KnownCreators } from './check-report';
import { runFreeChecks } from './free-checks';
import { createLiveCalls } from './live-calls';
import { MANUAL_STEPS, type ManualStep } from './manual-steps';
import { runPaidChecks } from './paid-checks';
import { runServiceAccountChecks, type GoogleCheck } from './service-account-checks';
import { createSpendKeeper, type SpendCap } from './spend-cap';

/**
 * `npm run verify:live`: a real deployment checked against the service it will talk to, with the
 * worker's own configuration and code. Free operations first, then (only within the cap given) one
 * cheap call of each paid family, then the worker's Google identity; and the steps a person does
 * once in real Sheets. Nothing is written to the worker's store: what the check spends is spent
 * outside the ledger, and the next reconciliation shows it as such.
 */

export interface LiveCheckOptions {
  config: Pick<WorkerConfig, 'mode' | 'upstream' | 'sheets'>;
  cap: SpendCap;
  /** A spreadsheet to check the service account's access to; null for the API check alone. */
  spreadsheetId: string | null;
  /** The address the e-mail check looks up. */
  email: string;
  clock: Clock;
  sleep?: Sleep;
  fetch?: UpstreamFetch;
}

export interface LiveCheckResult {
  /** The API's base URL, as configured (never the token). */
  api: string;
  free: CheckReport[];
  paid: CheckReport[];
  cap: SpendCap;
  /** What the paid calls cost, counted against the cap (the larger of price and balance per call). */
  spent: CreditCharge;
  /** The answers read, summed as `GET /api/health` shows the worker's own (`contract`). */
  contract: ContractDriftSummary;
  google: GoogleCheck[];
  manual: readonly ManualStep[];
  /** Every check that ran answered readably, and every Google check that ran passed. */
  ok: boolean;
}

export async function runLiveCheck(options: LiveCheckOptions): Promise<LiveCheckResult> {
  const { config } = options;
  if (config.mode !== 'live' || config.upstream.baseUrl === null) {
    throw new Error(
      "verify:live checks a real deployment: run it with the worker's settings, DISCOVERY_API_URL and DISCOVERY_API_TOKEN included",
    );
  }
  const calls = createLiveCalls(options);
  const known: KnownCreators = { instagram: [], tiktok: [], youtube: [] };
  const free = await runFreeChecks(calls, known);
  const keeper = createSpendKeeper(options.cap);
  const paid = await runPaidChecks(calls, keeper, known, { email: options.email });
  const google = await runServiceAccountChecks({
    sheets: config.sheets,
    spreadsheetId: options.spreadsheetId,
  });
  const good = (report: CheckReport) => report.outcome !== 'failed' && report.outcome !== 'unreadable';
  return {
    api: config.upstream.baseUrl,
    free,
    paid,
    cap: options.cap,
    spent: sumCharges([keeper.spent()]),
    contract: calls.contract(),
    google,
    manual: MANUAL_STEPS,
    ok: [...free, ...paid].every(good) && google.every((check) => check.outcome !== 'failed'),
  };
}
