import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputChunk, Plugin } from 'rollup';
import { inlinePage } from './inline-page';

export interface SidebarPageOptions {
  /** The page template; its `<script src>` names the build's entry, relative to the template. */
  template: string;
  /** The page's file name in the output, e.g. Sidebar.html (HtmlService drops the extension). */
  fileName: string;
}

/**
 * Emits one self-contained HTML file: the template with the bundled entry and its local
 * stylesheets inlined. The JavaScript chunk itself is dropped, since HtmlService serves single files.
 */
export function sidebarPage(options: SidebarPageOptions): Plugin {
  const templateDir = path.dirname(path.resolve(options.template));
  return {
    name: 'sidebar-page',
    buildStart() {
      // Watch files must be known during the build; the output hooks come too late to add them.
      this.addWatchFile(options.template);
      for (const href of localStylesheets(readFileSync(options.template, 'utf8'))) {
        this.addWatchFile(path.resolve(templateDir, href));
      }
    },
    generateBundle(_output, bundle) {
      const chunks = Object.values(bundle).filter((file): file is OutputChunk => file.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId !== null);
      if (entry === undefined || chunks.length !== 1 || entry.facadeModuleId === null) {
        this.error('The sidebar must bundle into exactly one chunk, to be inlined into one page');
      }
      const template = readFileSync(options.template, 'utf8');
      const entrySrc = `./${path.relative(templateDir, entry.facadeModuleId).split(path.sep).join('/')}`;
      const styles: Record<string, string> = {};
      for (const href of localStylesheets(template)) {
        styles[href] = readFileSync(path.resolve(templateDir, href), 'utf8');
      }
      let page: string;
      try {
        page = inlinePage(template, { scripts: { [entrySrc]: entry.code }, styles });
      } catch (error) {
        this.error(`${options.template}: ${error instanceof Error ? error.message : String(error)}`);
      }
      delete bundle[entry.fileName];
      this.emitFile({ type: 'asset', fileName: options.fileName, source: page });
    },
  };
}

/** The hrefs of `<link>`s naming files beside the template; remote ones are inlinePage's to refuse. */
function localStylesheets(template: string): string[] {
  return [...template.matchAll(/<link\b[^>]*?\shref="([^"]+)"/g)]
    .map((match) => match[1])
    .filter((href) => !/^[a-z]+:|^\/\//i.test(href));
}
