import type { CreditCharge } from '../../../shared/pricing';
import type { DriftFinding } from '../../../shared/responses/tolerant';
import type { CheckReport } from './check-report';
import type { LiveCheckResult } from './verify-live';

/** The result of `npm run verify:live` as the text it prints: one line per operation, then the rest. */

function chargeText(charge: CreditCharge): string {
  const parts = [`${charge.credits} credit${charge.credits === 1 ? '' : 's'}`];
  if (charge.rawRequests > 0)
    parts.push(`${charge.rawRequests} raw request${charge.rawRequests === 1 ? '' : 's'}`);
  return parts.join(', ');
}

export function findingText(finding: DriftFinding): string {
  return `${finding.kind} ${finding.path}${finding.value === undefined ? '' : ` "${finding.value}"`}`;
}

function checkLine(report: CheckReport): string {
  const parts: string[] = [];
  if (report.rows !== null) {
    const { count, cells, filled } = report.rows;
    parts.push(
      `${count} row${count === 1 ? '' : 's'}${cells === 0 ? '' : `, ${filled} of ${cells} cells filled`}`,
    );
  }
  if (report.drift !== null)
    parts.push(report.drift.length === 0 ? 'no drift' : `drift: ${report.drift.map(findingText).join(', ')}`);
  if (report.problems !== null) parts.push(`cannot be read: ${report.problems.join('; ')}`);
  if (report.spent !== null) {
    const { priced, measured } = report.spent;
    parts.push(
      `${chargeText(priced)}${measured === null ? '' : ` (the balance moved ${chargeText(measured)})`}`,
    );
  }
  if (report.note !== null) parts.push(report.note);
  return `  [${report.outcome}] ${report.name}: ${parts.join('; ')}`;
}

function capText(result: LiveCheckResult): string {
  const { cap, spent } = result;
  if (cap.credits <= 0 && cap.rawRequests <= 0) return 'no cap given: nothing paid is called';
  return `cap ${cap.credits} credits and ${cap.rawRequests} raw requests; spent ${chargeText(spent)}`;
}

export function verifyReportText(result: LiveCheckResult): string[] {
  const lines = [`verify:live against ${result.api} (the worker's settings; the token is never printed)`, ''];
  lines.push('Free operations', ...result.free.map(checkLine), '');
  lines.push(`Paid operations (${capText(result)})`, ...result.paid.map(checkLine), '');
  lines.push("Contract drift, as GET /api/health counts the worker's own for admins");
  const { drifting, answersRead, operationsRead } = result.contract;
  lines.push(`  ${answersRead} answers of ${operationsRead} operations read; ${drifting.length} drifting`);
  for (const drift of drifting) {
    const findings = drift.findings.map((finding) => `${findingText(finding)} (${finding.answers})`);
    const unreadable = drift.unreadable > 0 ? [`${drift.unreadable} unreadable`] : [];
    lines.push(`  ${drift.operation}: ${[...unreadable, ...findings].join(', ')}`);
  }
  lines.push('', "The worker's Google identity");
  for (const check of result.google) lines.push(`  [${check.outcome}] ${check.name}: ${check.note}`);
  lines.push('', 'Once, in real Google Sheets (what no stand-in can settle)');
  result.manual.forEach((step, index) => {
    lines.push(`  ${index + 1}. ${step.title}`);
    for (const line of step.steps) lines.push(`     - ${line}`);
    lines.push(`     Look for: ${step.lookFor}`);
  });
  lines.push('');
  const spentOutside =
    result.spent.credits > 0 || result.spent.rawRequests > 0
      ? ` It spent ${chargeText(result.spent)} outside the worker's ledger: the next reconciliation shows it as a difference.`
      : '';
  lines.push(
    (result.ok
      ? 'Every check that ran answered and was read.'
      : 'Some checks failed or could not be read: see [failed] and [unreadable] above.') + spentOutside,
  );
  return lines;
}
