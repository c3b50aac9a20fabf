import { isLoopbackHost } from '../../common/listen-host';

/**
 * A chat webhook (Slack, Google Chat, Microsoft Teams' incoming webhooks all take `{ "text" }`)
 * that a document's failed scheduled runs are posted to (issue 25). The URL is a secret: it is
 * checked here when it is set, sealed in the store, and never named in an error or a log line.
 */

/** Refuses, in words, what cannot be a webhook: https only (http on this machine, for tests). */
export function checkWebhookUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new Error('The chat webhook must be a whole URL, such as https://chat.example.com/hooks/…');
  }
  const local = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !local) {
    throw new Error('The chat webhook must be an https URL: what it carries is posted to it as it is.');
  }
  if (url.username !== '' || url.password !== '') {
    throw new Error('The chat webhook must not carry a name or password before its host.');
  }
  return url.toString();
}

export interface WebhookOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Posts `{ text }`; resolves on a 2xx, rejects with a sentence otherwise. Redirects are not
 * followed: a webhook that moves is one the team should set again.
 */
export async function postWebhook(url: string, text: string, options: WebhookOptions = {}): Promise<void> {
  const send = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let status: number;
  try {
    const answer = await send(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ text }),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = answer.status;
    await answer.body?.cancel();
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    // The cause's message may quote the URL (fetch's does): it is left out.
    throw new Error(
      timedOut
        ? `The chat webhook did not answer within ${timeoutMs / 1000} s.`
        : 'The chat webhook could not be reached.',
    );
  }
  if (status < 200 || status >= 300) throw new Error(`The chat webhook answered ${status}.`);
}
