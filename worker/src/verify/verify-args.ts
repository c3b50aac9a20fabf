import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DEFAULT_CHECK_EMAIL } from './paid-checks';
import type { SpendCap } from './spend-cap';

/**
 * `npm run verify:live -- [--max-credits N] [--max-raw-requests N] [--spreadsheet ID] [--email ADDRESS]`.
 * Without a cap nothing paid is called; a cap is an explicit number on the command line, never a
 * setting, so no deployment spends by default.
 */
export interface VerifyArgs {
  cap: SpendCap;
  spreadsheetId: string | null;
  email: string;
  help: boolean;
}

export const VERIFY_USAGE = [
  'npm run verify:live -- [--max-credits N] [--max-raw-requests N] [--spreadsheet ID] [--email ADDRESS]',
  '  --max-credits N         spend at most N credits on one cheap call of each paid family (2.595 covers them all)',
  '  --max-raw-requests N    spend at most N raw requests on raw operations (5 covers them all)',
  "  --spreadsheet ID        check that this spreadsheet is shared with the worker's service account",
  `  --email ADDRESS         the address the e-mail check looks up (default ${DEFAULT_CHECK_EMAIL})`,
  'Without a cap only free operations are called: nothing is spent.',
].join('\n');

export class VerifyArgsError extends Error {
  override readonly name = 'VerifyArgsError';
}

const amount = (name: string) =>
  z
    .string()
    .regex(/^\d+(\.\d{1,3})?$/, `${name} must be a number such as 2 or 0.5 (at most 3 decimals)`)
    .transform(Number)
    .optional();

const argsSchema = z.object({
  'max-credits': amount('--max-credits'),
  'max-raw-requests': z
    .string()
    .regex(/^\d+$/, '--max-raw-requests must be a whole number such as 5')
    .transform(Number)
    .optional(),
  spreadsheet: z
    .string()
    .regex(/^[A-Za-z0-9_-]{10,}$/, '--spreadsheet must be a spreadsheet id: the part of its URL after /d/')
    .optional(),
  email: z.email('--email must be an e-mail address').optional(),
  help: z.boolean().optional(),
});

export function parseVerifyArgs(argv: readonly string[]): VerifyArgs {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        'max-credits': { type: 'string' },
        'max-raw-requests': { type: 'string' },
        spreadsheet: { type: 'string' },
        email: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new VerifyArgsError(`${(error as Error).message}\n${VERIFY_USAGE}`);
  }
  const parsed = argsSchema.safeParse(values);
  if (!parsed.success) {
    throw new VerifyArgsError(
      `${parsed.error.issues.map((issue) => issue.message).join('; ')}\n${VERIFY_USAGE}`,
    );
  }
  const args = parsed.data;
  return {
    cap: { credits: args['max-credits'] ?? 0, rawRequests: args['max-raw-requests'] ?? 0 },
    spreadsheetId: args.spreadsheet ?? null,
    email: args.email ?? DEFAULT_CHECK_EMAIL,
    help: args.help === true,
  };
}
