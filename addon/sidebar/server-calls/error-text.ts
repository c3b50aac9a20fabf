import type { SidebarSection } from '../../bridge-contract/sidebar-section';

/**
 * What the sidebar says when a server call fails. Server errors are already sentences that say
 * what to do; the few that come from Google itself do not, so those get the next step added.
 */
export function errorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Apps Script prefixes thrown errors with their class ("Exception: ...", "Error: ...").
  return message.replace(/^(Exception|Error|ScriptError):\s*/, '').trim() || 'Something went wrong.';
}

/** A message ending in a full stop, so that another sentence can follow it. */
export function asSentence(message: string): string {
  return /[.!?…]$/.test(message) ? message : `${message}.`;
}

const GOOGLE_FAILURES: readonly { pattern: RegExp; next: string }[] = [
  { pattern: /NetworkError|HTTP 0|Failed to fetch/i, next: 'Check your internet connection and try again.' },
  {
    pattern: /Authorization is required|permission to call|not have permission/i,
    next: 'Reload the spreadsheet and allow Creator Sheets when Google asks.',
  },
  {
    pattern: /Exceeded maximum execution time|timed out/i,
    next: 'Try again; running jobs carry on where they stopped.',
  },
  {
    pattern: /too many simultaneous invocations|Service invoked too many times/i,
    next: 'Wait a minute and try again.',
  },
];

/** "Could not check the column: <reason>. <next step>" */
export function failureText(action: string, error: unknown): string {
  const message = errorMessage(error);
  const sentence = asSentence(message);
  const hint = GOOGLE_FAILURES.find((failure) => failure.pattern.test(message));
  return `Could not ${action}: ${sentence}${hint === undefined ? '' : ` ${hint.next}`}`;
}

export interface NextStep {
  label: string;
  section: SidebarSection;
}

/** A button to offer beside an error, when another section is where the fix is. */
export function nextStepFor(message: string): NextStep | null {
  if (/not connected|connect again|key (was )?revoked|unknown worker key|sign in/i.test(message)) {
    return { label: 'Open Settings', section: 'settings' };
  }
  if (/budget/i.test(message)) return { label: 'See the budgets', section: 'account' };
  return null;
}

/**
 * Whether a failed start is the server asking before it overwrites cells. The contract has no field
 * for it: the server refuses with a sentence about the non-empty cells, and the sidebar offers
 * "Overwrite", which starts again with confirmedOverwrite.
 */
export function isOverwriteQuestion(message: string): boolean {
  return /overwrit|non-empty|not empty|already (hold|contain)/i.test(message);
}
