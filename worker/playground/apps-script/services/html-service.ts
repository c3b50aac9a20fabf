import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FakeRuntime } from '../runtime/runtime';

/** An HtmlOutput: the page as HtmlService would serve it, with its title. */
export class FakeHtmlOutput {
  private title = '';
  private width: number | null = null;
  private height: number | null = null;

  constructor(private readonly content: string) {}

  getContent(): string {
    return this.content;
  }

  getTitle(): string {
    return this.title;
  }

  setTitle(title: string): FakeHtmlOutput {
    if (typeof title !== 'string') throw new Error('Invalid argument: title');
    this.title = title;
    return this;
  }

  /** A sidebar ignores the width (Sheets fixes it at 300 px); dialogs use both. */
  getWidth(): number | null {
    return this.width;
  }

  setWidth(width: number): FakeHtmlOutput {
    this.width = pixels(width, 'width');
    return this;
  }

  getHeight(): number | null {
    return this.height;
  }

  setHeight(height: number): FakeHtmlOutput {
    this.height = pixels(height, 'height');
    return this;
  }
}

function pixels(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0)
    throw new Error(`Invalid argument: ${name}`);
  return value;
}

const SCRIPTLET = /<\?(!?=)?([\s\S]*?)\?>/g;
const VARIABLE = /^[A-Za-z_$][\w$]*$/;

/**
 * An HtmlTemplate. Properties set on it are the variables its scriptlets see. The fake evaluates
 * printing scriptlets of a single variable (`<?= name ?>` escaped, `<?!= name ?>` raw) and refuses
 * code scriptlets rather than pretending to run them.
 */
class FakeHtmlTemplate {
  [variable: string]: unknown;

  constructor(source: string, fileName: string) {
    // Kept off the enumerable properties so they never clash with template variables.
    Object.defineProperty(this, 'source', { value: source, enumerable: false });
    Object.defineProperty(this, 'fileName', { value: fileName, enumerable: false });
  }

  evaluate(): FakeHtmlOutput {
    const source = String(this.source);
    const html = source.replace(SCRIPTLET, (scriptlet: string, printer: string | undefined, body: string) => {
      const name = body.trim();
      if (printer === undefined || !VARIABLE.test(name)) {
        throw new Error(
          `${String(this.fileName)}: the fake evaluates only <?= name ?> and <?!= name ?>, got ${scriptlet}`,
        );
      }
      if (!Object.prototype.hasOwnProperty.call(this, name)) {
        throw new Error(`ReferenceError: "${name}" is not defined. (${String(this.fileName)})`);
      }
      const value = String(this[name]);
      return printer === '!=' ? value : escapeHtml(value);
    });
    return new FakeHtmlOutput(html);
  }
}

/** HtmlService: serves the project's .html files, as pushed beside Code.js. */
export class FakeHtmlService {
  constructor(private readonly runtime: FakeRuntime) {}

  createHtmlOutput(html = ''): FakeHtmlOutput {
    return new FakeHtmlOutput(html);
  }

  createHtmlOutputFromFile(filename: string): FakeHtmlOutput {
    return new FakeHtmlOutput(this.readProjectFile(filename));
  }

  createTemplateFromFile(filename: string): FakeHtmlTemplate {
    return new FakeHtmlTemplate(this.readProjectFile(filename), filename);
  }

  private readProjectFile(filename: string): string {
    if (typeof filename !== 'string') throw new Error('Invalid argument: filename');
    // Apps Script names HTML files without their extension; both spellings find the file.
    const base = filename.endsWith('.html') ? filename.slice(0, -'.html'.length) : filename;
    const file = path.join(this.runtime.project, `${base}.html`);
    if (base.includes('/') || !existsSync(file)) throw new Error(`No HTML file named ${base} was found.`);
    return readFileSync(file, 'utf8');
  }
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
