import { systemClock } from './common/clock';
import { parseWorkerConfig, WorkerConfigError } from './src/config';
import { parseVerifyArgs, VERIFY_USAGE, VerifyArgsError } from './src/verify/verify-args';
import { runLiveCheck } from './src/verify/verify-live';
import { verifyReportText } from './src/verify/verify-report';

/**
 * `npm run verify:live`: the first-day self-check of a real deployment (worker/src/verify). Reads
 * the worker's own settings from the environment, as `npm start` does, and the cap from the command
 * line. Exits 0 when every check that ran answered readably, 1 when one did not, 2 when it could not
 * run at all (a setting or an argument).
 */
async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  let args;
  let config;
  try {
    args = parseVerifyArgs(argv);
    if (args.help) {
      console.log(VERIFY_USAGE);
      return 0;
    }
    config = parseWorkerConfig(env);
  } catch (error) {
    if (error instanceof VerifyArgsError || error instanceof WorkerConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  if (config.mode !== 'live') {
    console.error(
      "verify:live checks a real deployment: run it with the worker's settings, DISCOVERY_API_URL and DISCOVERY_API_TOKEN included.",
    );
    return 2;
  }
  const result = await runLiveCheck({
    config,
    cap: args.cap,
    spreadsheetId: args.spreadsheetId,
    email: args.email,
    clock: systemClock,
  });
  for (const line of verifyReportText(result)) console.log(line);
  return result.ok ? 0 : 1;
}

main(process.argv.slice(2), process.env).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
