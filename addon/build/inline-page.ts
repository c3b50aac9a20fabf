/**
 * Turns a page template into the single file HtmlService serves: each `<script src>` and
 * `<link rel="stylesheet" href>` naming a local file is replaced by that file's content inline.
 * Anything still loading from elsewhere, or content that would break out of its tag or be read as
 * a template scriptlet, is an error.
 */
export interface PageAssets {
  /** Script content by the `src` the template uses. */
  scripts: Readonly<Record<string, string>>;
  /** Stylesheet content by the `href` the template uses. */
  styles: Readonly<Record<string, string>>;
}

const SCRIPT_TAG = /<script\b([^>]*?)\ssrc="([^"]+)"([^>]*)>\s*<\/script>/g;
const STYLESHEET_TAG = /<link\b[^>]*?\shref="([^"]+)"[^>]*>/g;

export function inlinePage(template: string, assets: PageAssets): string {
  const page = template
    .replace(SCRIPT_TAG, (_tag, before: string, src: string, after: string) => {
      const code = lookup(assets.scripts, src, 'script');
      checkScriptlets(code, `script ${src}`);
      // `</script` inside the code would end the tag early; `<\/script` means the same in JS strings.
      return `<script${before}${after}>\n${code.replace(/<\/script/gi, '<\\/script')}</script>`;
    })
    .replace(STYLESHEET_TAG, (_tag, href: string) => {
      const css = lookup(assets.styles, href, 'stylesheet');
      checkScriptlets(css, `stylesheet ${href}`);
      if (/<\/style/i.test(css))
        throw new Error(`The stylesheet ${href} contains "</style", which would end the tag`);
      return `<style>\n${css}</style>`;
    });
  const external = /<(script|link|img|iframe)\b[^>]*\s(src|href)=/i.exec(page);
  if (external !== null) {
    throw new Error(
      `The page still loads a resource (${external[0]}...): HtmlService serves one file, inline it`,
    );
  }
  return page;
}

function lookup(files: Readonly<Record<string, string>>, name: string, kind: string): string {
  if (!Object.prototype.hasOwnProperty.call(files, name)) {
    throw new Error(`The page template loads the ${kind} "${name}", which the build does not provide`);
  }
  return files[name];
}

/** HtmlService templates run `<? ... ?>` as server code, so inlined content must not contain it. */
function checkScriptlets(content: string, what: string): void {
  if (content.includes('<?')) {
    throw new Error(`The ${what} contains "<?", which HtmlService would read as a template scriptlet`);
  }
}
