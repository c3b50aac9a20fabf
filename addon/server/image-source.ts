import { AI_IMAGE_MAX_BASE64_CHARS, AI_IMAGE_TYPES } from '../../shared/limits';
import type { AiImageCell, AiImageType } from '../shared/ai-search-api';
import { AI_IMAGE_MAX_BYTES } from '../shared/ai-search-plan';
import { sheetA1 } from './a1-notation';

/**
 * The image of an AI image search, named by a cell: an image link (typed, or inside
 * `=IMAGE("...")`), or a Drive file (its link or bare id) read with DriveApp under the user's own
 * access. The add-on may fetch nothing but its worker (urlFetchWhitelist), so links go to the
 * worker to fetch; Drive files are read here, type and size checked before any byte is sent.
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

/** What a cell's text names: a Drive file, a web link, or nothing usable (a sentence why). */
function imageSourceOf(
  text: string,
): { kind: 'drive'; fileId: string } | { kind: 'url'; url: string } | { kind: 'none'; why: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'none', why: 'is empty' };
  const fileId = driveFileIdOf(trimmed);
  if (fileId !== null) return { kind: 'drive', fileId };
  if (WEB_LINK.test(trimmed)) return { kind: 'url', url: trimmed };
  const shown = trimmed.length > 60 ? `${trimmed.slice(0, 59)}…` : trimmed;
  return { kind: 'none', why: `holds "${shown}", which is neither an image link nor a Drive file` };
}

function isAiImageType(value: string): value is AiImageType {
  return (AI_IMAGE_TYPES as readonly string[]).indexOf(value) >= 0;
}

/** 123456 -> "121 KB", 4404019 -> "4.2 MB". */
function sizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 100) / 100} MB`;
}

const TYPE_NAMES: Readonly<Record<AiImageType, string>> = {
  'image/jpeg': 'JPEG image',
  'image/png': 'PNG image',
  'image/webp': 'WebP image',
};

function typeName(mimeType: string): string {
  if (isAiImageType(mimeType)) return TYPE_NAMES[mimeType];
  const google = /^application\/vnd\.google-apps\.(\w+)$/.exec(mimeType);
  if (google !== null) return `a Google ${google[1]}`;
  return mimeType === '' ? 'a file of unknown type' : `a file of type ${mimeType}`;
}

interface DriveImageFile {
  name: string;
  imageType: AiImageType;
  bytes: number;
  file: GoogleAppsScript.Drive.File;
}

/** The Drive file as an image AI search takes, or a sentence saying what to do instead. */
function openDriveImage(fileId: string): DriveImageFile {
  let file: GoogleAppsScript.Drive.File;
  try {
    file = DriveApp.getFileById(fileId);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    if (/permission to call/i.test(detail)) {
      throw new Error(
        'The add-on may not read Drive files yet: reopen the spreadsheet and accept the Drive (read-only) permission, or upload the image instead.',
      );
    }
    throw new Error(
      `The Drive file ${fileId} cannot be opened: it does not exist, or your account may not read it. ` +
        'Ask its owner to share it with you, or upload the image instead.',
    );
  }
  const name = file.getName();
  const mimeType = file.getMimeType();
  if (!isAiImageType(mimeType)) {
    throw new Error(
      `The Drive file "${name}" is ${typeName(mimeType)}, not a JPEG, PNG or WebP image: pick an image file.`,
    );
  }
  const bytes = file.getSize();
  if (bytes > AI_IMAGE_MAX_BYTES) {
    throw new Error(
      `The Drive file "${name}" is ${sizeText(bytes)}; AI search takes at most ${sizeText(AI_IMAGE_MAX_BYTES)} ` +
        '(5 MB once encoded as base64): pick a smaller image.',
    );
  }
  return { name, imageType: mimeType, bytes, file };
}

/** A Drive image as the API's `imageType` and `base64Image`, checked before it is read. */
export function readDriveImage(fileId: string): {
  imageType: AiImageType;
  base64Image: string;
  name: string;
} {
  const image = openDriveImage(fileId);
  const base64Image = Utilities.base64Encode(image.file.getBlob().getBytes());
  // Drive's size and the blob agree; this guards the API's limit should they not.
  if (base64Image.length > AI_IMAGE_MAX_BASE64_CHARS) {
    throw new Error(`The Drive file "${image.name}" is larger than AI search takes: pick a smaller image.`);
  }
  return { imageType: image.imageType, base64Image, name: image.name };
}

/**
 * The image the active cell names (its top-left cell when several are selected), checked as far as
 * the add-on can: a Drive file must be readable, an image type and small enough; a link is left
 * for the worker to fetch and check.
 */
export function readImageCell(): AiImageCell {
  const range = SpreadsheetApp.getActiveRange();
  if (range === null)
    throw new Error('Select the cell that holds the image link or Drive file, then try again.');
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
      `${where} ${source.why}: select a cell with an image link (https://...) or a Drive file link, or upload the image.`,
    );
  }
  if (source.kind === 'url') {
    return {
      cell: where,
      source,
      summary: `Image link in ${where}: the worker fetches it when the search starts (JPEG, PNG or WebP, up to ${sizeText(AI_IMAGE_MAX_BYTES)}).`,
    };
  }
  const image = openDriveImage(source.fileId);
  return {
    cell: where,
    source,
    summary: `Drive file "${image.name}" in ${where} (${TYPE_NAMES[image.imageType]}, ${sizeText(image.bytes)}).`,
  };
}
