import type { RawPullEstimate } from '../../bridge-contract/raw-data-estimate';
import { rawOperation } from '../../bridge-contract/raw-data-operations';
import type { RawFormResult } from '../../bridge-contract/raw-data-request';

/** Why the Raw data section's run button is disabled, in words; null when it may run. */
export function rawRunBlocker(input: {
  result: RawFormResult;
  estimate: RawPullEstimate | null;
  confirmed: boolean;
  operation: string;
}): string | null {
  const { result, estimate, confirmed } = input;
  if (!result.ok) {
    const operation = rawOperation(input.operation);
    const missing = result.errors
      .filter((error) => error.field.startsWith('param:') && / is required\.$/.test(error.message))
      .map((error) => operation?.params.find((item) => `param:${item.name}` === error.field)?.label ?? '')
      .filter((label) => label !== '');
    const others = result.errors.length - missing.length;
    if (missing.length > 0 && others === 0) return `Fill in ${joinAnd(missing)} to pull.`;
    return 'Fix the fields marked above to pull.';
  }
  if (estimate === null) return null;
  if (estimate.blocked !== null) return estimate.blocked;
  if (estimate.needsConfirmation && !confirmed)
    return estimate.confirmReason ?? 'Tick the box above to go ahead.';
  return null;
}

function joinAnd(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
