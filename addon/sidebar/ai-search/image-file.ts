import { AI_IMAGE_MAX_BASE64_CHARS, AI_IMAGE_TYPES } from '../../../shared/limits';
import type { AiImageSource, AiImageType } from '../../bridge-contract/ai-search-api';
import { AI_IMAGE_MAX_BYTES } from '../../bridge-contract/ai-search-plan';

/**
 * An image file chosen in the sidebar for AI image search: its type and size checked before a byte
 * is read or sent (the API takes JPEG, PNG and WebP of at most 5 MB of base64), then read with
 * FileReader as bare base64, which google.script.run carries as a string.
 */

/** What a File says about itself (also what the checks need, so they run without a browser). */
export interface ImageFileInfo {
  name: string;
  /** The browser's guess from the extension; may be ''. */
  type: string;
  size: number;
}

function isAiImageType(value: string): value is AiImageType {
  return (AI_IMAGE_TYPES as readonly string[]).includes(value);
}

/** 123456 -> "121 KB", 4404019 -> "4.2 MB". */
export function fileSizeText(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${Math.round((bytes / (1024 * 1024)) * 100) / 100} MB`;
}

/** Why this file cannot be searched with, as a sentence saying what to do; null when it can. */
export function imageFileProblem(file: ImageFileInfo): string | null {
  if (!isAiImageType(file.type)) {
    const what = file.type === '' ? 'a file of unknown type' : `a file of type ${file.type}`;
    return `"${file.name}" is ${what}: AI search takes JPEG, PNG or WebP images. Convert it, or pick another.`;
  }
  if (file.size === 0) return `"${file.name}" is empty: pick another file.`;
  if (file.size > AI_IMAGE_MAX_BYTES) {
    return (
      `"${file.name}" is ${fileSizeText(file.size)}; AI search takes at most ${fileSizeText(AI_IMAGE_MAX_BYTES)} ` +
      '(5 MB once encoded as base64). Use a smaller or more compressed image.'
    );
  }
  return null;
}

/** `data:image/png;base64,AAAA` -> `AAAA`; null when the text is no base64 data URL. */
export function base64OfDataUrl(dataUrl: string): string | null {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma < 0 || !dataUrl.slice(0, comma).endsWith(';base64')) return null;
  return dataUrl.slice(comma + 1);
}

/** The upload as the contract carries it, once the base64 is known to fit. */
export function uploadSource(file: ImageFileInfo, base64Image: string): AiImageSource {
  if (!isAiImageType(file.type)) throw new Error(imageFileProblem(file) ?? 'Not an image.');
  if (base64Image.length > AI_IMAGE_MAX_BASE64_CHARS) {
    throw new Error(`"${file.name}" is larger than AI search takes (5 MB as base64): use a smaller image.`);
  }
  return { kind: 'upload', imageType: file.type, base64Image, name: file.name };
}

/** Reads a checked file as an upload source; rejects with a sentence when it cannot be used. */
export function readImageFile(file: File): Promise<AiImageSource> {
  const problem = imageFileProblem(file);
  if (problem !== null) return Promise.reject(new Error(problem));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(new Error(`"${file.name}" could not be read: pick it again.`));
    reader.onload = () => {
      const base64 = typeof reader.result === 'string' ? base64OfDataUrl(reader.result) : null;
      if (base64 === null) {
        reject(new Error(`"${file.name}" could not be read as an image: pick it again.`));
        return;
      }
      try {
        resolve(uploadSource(file, base64));
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    reader.readAsDataURL(file);
  });
}
