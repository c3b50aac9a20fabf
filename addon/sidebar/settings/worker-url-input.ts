import type { Parsed } from '../ui/number-input';

/** The worker URL a user typed, checked before it is saved. */
export function readWorkerUrl(text: string): Parsed<string> {
  const url = text.trim();
  if (url === '')
    return {
      ok: false,
      message: 'Type the worker URL your admin gave you, e.g. https://creators.example.com/.',
    };
  if (!/^https?:\/\/[^\s/]+/i.test(url)) {
    return {
      ok: false,
      message: `The worker URL must start with https:// (or http:// for a local worker), got "${url}".`,
    };
  }
  if (/\s/.test(url)) return { ok: false, message: 'The worker URL may not contain spaces.' };
  return { ok: true, value: url };
}
