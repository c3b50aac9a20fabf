import type { AiImageSource } from '../../bridge-contract/ai-search-api';
import { type AiPartContext, type AiSearchPart, errorLine } from './ai-search-part';
import { whileBusy } from '../ui/busy';
import { createElement } from '../ui/create-element';
import { errorMessage } from '../server-calls/error-text';
import { button, radioGroup, withRadioIds } from '../ui/form-fields';
import { fileSizeText, imageFileProblem, readImageFile } from './image-file';

/** An image ready to send, and the line that says which one it is. */
interface ChosenImage {
  source: AiImageSource;
  summary: string;
}

export interface AiImagePanel extends AiSearchPart<AiImageSource | null> {
  /** Shows the chosen source's box and the chosen image's line. */
  show(): void;
}

function imageSourceGroup() {
  const group = withRadioIds(
    radioGroup(
      'Where is the image?',
      [
        { value: 'upload', label: 'A file on this computer' },
        { value: 'cell', label: 'An image link in the selected cell' },
      ],
      'upload',
    ),
    'ai-search-image-source',
  );
  group.fieldset.id = 'ai-search-image-source';
  return group;
}

function uploadField(): { input: HTMLInputElement; box: HTMLElement } {
  const input = createElement('input', {
    type: 'file',
    id: 'ai-search-image-file',
    accept: 'image/jpeg,image/png,image/webp',
    'aria-describedby': 'ai-search-image-file-hint',
  });
  const box = createElement('div', { class: 'field' }, [
    createElement('label', { for: 'ai-search-image-file' }, ['Image file']),
    input,
    createElement('p', { class: 'hint', id: 'ai-search-image-file-hint' }, [
      'JPEG, PNG or WebP, up to 3.75 MB (the API takes 5 MB once encoded).',
    ]),
  ]);
  return { input, box };
}

function cellField(): { use: HTMLButtonElement; box: HTMLElement } {
  const use = button('Use the selected cell', { small: true });
  use.id = 'ai-search-image-cell';
  const box = createElement('div', { class: 'field' }, [
    createElement('p', { class: 'hint' }, [
      'Select a cell holding an image link (https://…, or =IMAGE("…")). For a Drive file, download it and upload it here.',
    ]),
    use,
  ]);
  return { use, box };
}

/** The image of an image search: a file uploaded here, or the image link in the selected cell. */
export function createAiImagePanel({ context, changed }: AiPartContext): AiImagePanel {
  const imageSource = imageSourceGroup();
  const upload = uploadField();
  const cell = cellField();
  const summary = createElement('p', {
    class: 'ai-search-image-summary',
    id: 'ai-search-image-summary',
    'aria-live': 'polite',
  });
  const error = errorLine(true);
  let uploadImage: ChosenImage | null = null;
  let cellImage: ChosenImage | null = null;
  const current = (): ChosenImage | null => (imageSource.value() === 'upload' ? uploadImage : cellImage);
  /** Redraws the form, then says what is wrong with the image (the redraw clears it). */
  const refused = (message: string): void => {
    changed();
    error.target.setError(message);
  };

  upload.input.addEventListener('change', () => {
    const file = upload.input.files?.[0];
    uploadImage = null;
    if (file === undefined) {
      changed();
      return;
    }
    const problem = imageFileProblem(file);
    if (problem !== null) {
      upload.input.value = '';
      refused(problem);
      return;
    }
    summary.textContent = `Reading "${file.name}"…`;
    readImageFile(file).then(
      (source) => {
        uploadImage = { source, summary: `"${file.name}" (${fileSizeText(file.size)}) is ready.` };
        changed();
      },
      (reason: unknown) => refused(errorMessage(reason)),
    );
  });
  cell.use.addEventListener('click', () => {
    void whileBusy(
      [cell.use],
      async () => {
        try {
          const read = await context.server.readAiImageCell();
          cellImage = { source: read.source, summary: read.summary };
          changed();
        } catch (reason) {
          cellImage = null;
          refused(errorMessage(reason));
        }
      },
      { button: cell.use, text: 'Reading the cell…' },
    );
  });
  imageSource.onChange(changed);

  return {
    elements: [imageSource.fieldset, upload.box, cell.box, summary, error.element],
    read: () => current()?.source ?? null,
    write(source) {
      // Only an image link is kept: a file is the user's, and too large for a saved form.
      if (source?.kind !== 'url') return;
      imageSource.set('cell');
      cellImage = { source, summary: `The image at ${source.url} (kept from before).` };
    },
    errors: { image: error.target },
    show() {
      upload.box.hidden = imageSource.value() !== 'upload';
      cell.box.hidden = imageSource.value() !== 'cell';
      summary.textContent = current()?.summary ?? 'No image chosen yet.';
    },
  };
}
