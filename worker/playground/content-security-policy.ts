import { createHash } from 'node:crypto';

/**
 * Content-Security-Policies of the playground's two HTML pages; every other answer of the worker
 * keeps the JSON one of worker/src/http/security-headers.ts. Both pages are served by the worker
 * itself and load nothing from elsewhere, so `'self'` and hashes are all they need: no
 * `'unsafe-inline'`, no `'unsafe-eval'`. A sheet's cells are text the page draws with DOM calls,
 * and a cell holding `<script>` stays text; the policy is the second wall behind that.
 */

type Directives = Record<string, readonly string[]>;

const SHARED: Directives = {
  'object-src': ["'none'"],
  'form-action': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  // google.script.run's stand-in and the page's own calls go to this worker only.
  'connect-src': ["'self'"],
};

/**
 * `/`: page.js and page.css from the worker; the sidebar in a frame of the same origin. Nothing may
 * frame the page itself.
 */
export function playgroundPagePolicy(): string {
  return render({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'frame-src': ["'self'"],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
    ...SHARED,
  });
}

/**
 * A sidebar as HtmlService made it: one file whose scripts and styles are all inline (rollup
 * inlines the bundle and its CSS), with the google.script.run stand-in put in front. Each inline
 * element is allowed by the SHA-256 of its text, so the page runs as built and nothing added to it
 * later (an injected tag, an inline event handler) does. Only the playground page may frame it.
 */
export function sidebarPagePolicy(html: string): string {
  return render({
    'default-src': ["'none'"],
    'script-src': hashesOf(html, 'script'),
    'style-src': hashesOf(html, 'style'),
    // The sidebar's `<base target="_top">` carries no address; a base pointing elsewhere is refused.
    'base-uri': ["'self'"],
    'frame-ancestors': ["'self'"],
    ...SHARED,
  });
}

/**
 * `'sha256-...'` of the text of every inline `<script>` (one without `src`) or `<style>` element.
 * Browsers hash the text as parsed, where every CR LF and lone CR has become LF.
 */
export function hashesOf(html: string, tag: 'script' | 'style'): string[] {
  const element = new RegExp(`<${tag}(\\s[^>]*)?>([\\s\\S]*?)</${tag}\\s*>`, 'gi');
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(element)) {
    if (tag === 'script' && /\ssrc\s*=/i.test(attributes)) continue;
    const parsed = text.replace(/\r\n?/g, '\n');
    hashes.add(`'sha256-${createHash('sha256').update(parsed, 'utf8').digest('base64')}'`);
  }
  // A directive listing nothing would fall back to default-src; 'none' says no inline element.
  return hashes.size === 0 ? ["'none'"] : [...hashes];
}

function render(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}
