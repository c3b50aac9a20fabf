import type { LedgerReconciliation } from '../../bridge-contract/health-api';
import { countOf, creditsText, formatCount } from '../ui/count-text';

/**
 * What the Health section tells an admin of the ledger against the API account's own balance: the
 * window, both figures, and what a difference can mean, so that it can be looked into (the
 * worker's reasons: worker/src/billing/balance-reconciliation.ts).
 */
export function reconciliationLines(
  found: LedgerReconciliation,
  localTime: (iso: string) => string,
): string[] {
  const unconfirmed =
    found.unconfirmed > 0 ? ` (${creditsText(found.unconfirmed)} of it unconfirmed after a restart)` : '';
  const moved =
    found.balanceDrop >= 0
      ? `went down by ${creditsText(found.balanceDrop)}`
      : `went up by ${creditsText(-found.balanceDrop)}`;
  return [
    `From ${localTime(found.from)} to ${localTime(found.to)} the API balance ${moved}; ` +
      `the ledger recorded ${creditsText(found.recorded)}${unconfirmed}.`,
    creditDifferenceText(found.difference),
    rawText(found.raw),
  ];
}

function creditDifferenceText(difference: number): string {
  if (difference === 0) return 'They agree.';
  if (difference > 0) {
    return (
      `The API charged ${creditsText(difference)} more than the ledger knows: another client using ` +
      'the same API token, or a call lost when the worker stopped just as its answer came.'
    );
  }
  return (
    `The ledger counts ${creditsText(-difference)} more than the API charged: calls counted ` +
    'unconfirmed that the API did not bill, or credits added to the account.'
  );
}

function rawText(raw: LedgerReconciliation['raw']): string {
  if (raw.drop === null || raw.difference === null) {
    return `Raw requests: the ledger recorded ${countOf(raw.recorded, 'raw request')}; not compared (the allowance was renewed, or the API did not say).`;
  }
  const agreement =
    raw.difference === 0
      ? 'they agree'
      : raw.difference > 0
        ? `the API counted ${formatCount(raw.difference)} more`
        : `the ledger counts ${formatCount(-raw.difference)} more`;
  return `Raw requests: the allowance went down by ${countOf(raw.drop, 'raw request')}, the ledger recorded ${countOf(raw.recorded, 'raw request')}: ${agreement}.`;
}
