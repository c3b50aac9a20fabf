import { PLAYGROUND_ROUTES } from './playground-api';

/** What the google.script.run stand-in needs to know, set before it runs (page/script-run-shim.ts). */
interface ScriptRunConfig {
  /** The script's top-level functions: google.script.run offers exactly these. */
  functions: string[];
  /** Where calls are POSTed. */
  runUrl: string;
}

const SCRIPT_RUN_CONFIG_GLOBAL = '__playgroundScriptRun';

/**
 * The sidebar as the script's HtmlService made it, with `google.script.run` provided: the
 * stand-in goes first in <head>, before any of the page's own scripts can look for it.
 */
export function withScriptRunShim(html: string, shimSource: string, functions: readonly string[]): string {
  const config: ScriptRunConfig = { functions: [...functions], runUrl: PLAYGROUND_ROUTES.run };
  const scripts =
    `<script>window.${SCRIPT_RUN_CONFIG_GLOBAL} = ${inlineJson(config)};</script>\n` +
    `<script>${inlineScript(shimSource)}</script>\n`;
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (head === null) return `${scripts}${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n${scripts}${html.slice(at)}`;
}

/** JSON that cannot end the <script> element it sits in. */
function inlineJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function inlineScript(source: string): string {
  return source.replace(/<\/script/gi, '<\\/script');
}
