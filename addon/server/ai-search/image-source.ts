import type { AiImageCell } from '../../bridge-contract/ai-search-api';
import { AI_IMAGE_MAX_BYTES } from '../../bridge-contract/ai-search-plan';
import { sheetA1 } from '../sheet/a1-notation';

/**
 * The image of an AI image search, named by a cell: an image link (typed, or inside
 * `=IMAGE("...")`). The add-on may fetch nothing but its worker (urlFetchWhitelist), so links go
 * to the worker to fetch. A Drive file is refused with what to do instead: reading it would need
 * `drive.readonly`, a restricted scope (Google's security assessment before publishing), for one
 * input that upload and links already cover.
 */

/** Drive ids: 25 or more letters, digits, - and _ (older ids are 28, newer 33). */
const DRIVE_ID = /^[A-Za-z0-9_-]{25,}$/;
const DRIVE_LINKS: readonly RegExp[] = [
  /^https?:\/\/(?:drive|docs)\.google\.com\/(?:a\/[^/]+\/)?file\/d\/([A-Za-z0-9_-]{25,})/i,
  /^https?:\/\/(?:drive|docs)\.google\.com\/(?:a\/[^/]+\/)?(?:open|uc|thumbnail)\?(?:[^#]*&)?id=([A-Za-z0-9_-]{25,})/i,
  /^https?:\/\/lh\d\.googleusercontent\.com\/d\/([A-Za-z0-9_-]{25,})/i,
];
const WEB_LINK = /^https?:\/\/[^\s/?#]+[^\s]*$/i;
const IMAGE_FORMULA = /^=\s*IMAGE\s*\(\s*"((?:[^"]|"")*)"/i;

/** The Drive file id in a link or a bare id, or null. */
function driveFileIdOf(text: string): string | null {
  const trimmed = text.trim();
  if (DRIVE_ID.test(trimmed)) return trimmed;
  for (const pattern of DRIVE_LINKS) {
    const match = pattern.exec(trimmed);
    if (match !== null) return match[1];
  }
  return null;
}

/** The link of `=IMAGE("https://...")`, or null for any other formula. */
function imageFormulaLink(formula: string): string | null {
  const match = IMAGE_FORMULA.exec(formula.trim());
  return match === null ? null : match[1].replace(/""/g, '"');
}

/** What a cell's text names: a web link, or nothing usable (a sentence why). */
function imageSourceOf(text: string): { kind: 'url'; url: string } | { kind: 'none'; why: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'none', why: 'is empty' };
  if (driveFileIdOf(trimmed) !== null) {
    return {
      kind: 'none',
      why: 'names a Drive file, which the add-on does not read (it asks for no Drive access): download it and choose Upload, or share a public image link',
    };
  }
  if (WEB_LINK.test(trimmed)) return { kind: 'url', url: trimmed };
  const shown = trimmed.length > 60 ? `${trimmed.slice(0, 59)}…` : trimmed;
  return { kind: 'none', why: `holds "${shown}", which is not an image link` };
}

/** 123456 -> "121 KB", 4404019 -> "4.2 MB". */
function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 100) / 100} MB`;
}

/**
 * The image link the active cell names (its top-left cell when several are selected); the worker
 * fetches and checks it when the search starts.
 */
export function readImageCell(): AiImageCell {
  const range = SpreadsheetApp.getActiveRange();
  if (range === null) throw new Error('Select the cell that holds the image link, then try again.');
  const sheet = range.getSheet();
  const cell = sheet.getRange(range.getRow(), range.getColumn());
  const where = sheetA1(sheet.getName(), cell.getA1Notation());
  const formula = cell.getFormulas()[0][0];
  const fromFormula = formula === '' ? null : imageFormulaLink(formula);
  const value = cell.getValues()[0][0];
  const text = fromFormula ?? (typeof value === 'string' ? value : String(value));
  const source = imageSourceOf(text);
  if (source.kind === 'none') {
    throw new Error(
      `${where} ${source.why}: select a cell with an image link (https://...), or upload the image.`,
    );
  }
  return {
    cell: where,
    source,
    summary: `Image link in ${where}: the worker fetches it when the search starts (JPEG, PNG or WebP, up to ${sizeText(AI_IMAGE_MAX_BYTES)}).`,
  };
}
