import { resolveWorkerUrl } from './worker-url-setting';

/**
 * What `npm run push` checks before it builds and pushes: Apps Script's UrlFetchApp fetches only
 * https URLs listed in the manifest's `urlFetchWhitelist`
 * (developers.google.com/apps-script/manifest/allowlist-url: "must use HTTPS"), so an add-on
 * pushed with the local default or a plain http worker cannot call its worker at all. A local
 * development build says so explicitly with PUSH_LOCAL_WORKER=1.
 */
export function checkPushWorkerUrl(env: Readonly<Record<string, string | undefined>>): string {
  const setting = resolveWorkerUrl(env.WORKER_URL);
  const local = env.PUSH_LOCAL_WORKER === '1';
  if (setting.defaulted && !local) {
    throw new Error(
      'WORKER_URL is not set: push with WORKER_URL=https://<your worker>/ npm run push ' +
        '(or PUSH_LOCAL_WORKER=1 to push a development build that calls localhost).',
    );
  }
  if (!setting.url.startsWith('https://') && !local) {
    throw new Error(
      `WORKER_URL ${setting.url} is not https: Apps Script fetches only https URLs. ` +
        'Put the worker behind HTTPS, or set PUSH_LOCAL_WORKER=1 for a development build.',
    );
  }
  return setting.url;
}

if (require.main === module) {
  try {
    const url = checkPushWorkerUrl(process.env);
    process.stdout.write(`Pushing an add-on that calls ${url}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
}
