import type { ConnectedDocument } from '../../bridge-contract/connected-documents-api';
import { whileBusy } from '../ui/busy';
import { createElement } from '../ui/create-element';
import { failureText } from '../server-calls/error-text';
import { button } from '../ui/form-fields';
import { whenText } from '../ui/sheet-time';
import type { SidebarContext } from '../sidebar-context';

export interface ConnectedDocumentsPanel {
  element: HTMLElement;
  /** Lists again; `admin` picks the heading (an admin's list holds everyone's documents). */
  load(admin: boolean): Promise<void>;
}

/** When a key was last used, in words: "not used yet", or when on the spreadsheet's clock. */
function lastUsedText(lastUsedAt: number | null): string {
  return lastUsedAt === null ? 'not used yet' : `last used ${whenText(lastUsedAt)}`;
}

/** A document by its title (issue 25), never its 44-character id unless the title is unknown. */
export function documentName(document: ConnectedDocument): string {
  return document.title === null || document.title.trim() === ''
    ? `A spreadsheet without a known title (${document.documentId.slice(0, 8)}…)`
    : document.title;
}

function documentUrl(documentId: string): string {
  return `https://docs.google.com/spreadsheets/d/${encodeURIComponent(documentId)}/edit`;
}

/**
 * Settings' "Connected documents": the spreadsheets whose formulas run on a live document key
 * (an admin: every one; a member: those that bill them), each with who pays, when it was last
 * used, and Revoke. Failures show here, beside the button that caused them.
 */
export function createConnectedDocumentsPanel(context: SidebarContext): ConnectedDocumentsPanel {
  const heading = createElement('h3', {}, ['Connected documents']);
  const list = createElement('ul', { class: 'connected-documents' });
  const message = createElement('p', { 'aria-live': 'polite' });
  const element = createElement('div', {}, [heading, list, message]);
  element.hidden = true;

  const row = (document: ConnectedDocument): HTMLElement => {
    const revoke = button('Revoke', { small: true });
    revoke.setAttribute('aria-label', `Revoke the formulas of ${documentName(document)}`);
    revoke.addEventListener(
      'click',
      () =>
        void whileBusy(
          [revoke],
          async () => {
            try {
              show(await context.server.revokeConnectedDocument(document.keyId));
              message.className = 'ok';
              message.textContent =
                'Revoked: that spreadsheet’s formulas stop until someone connects it again.';
            } catch (error) {
              message.className = 'field-error';
              message.textContent = failureText('revoke the document key', error);
            }
          },
          { button: revoke, text: 'Revoking…' },
        ),
    );
    const link = createElement(
      'a',
      {
        href: documentUrl(document.documentId),
        target: '_blank',
        rel: 'noopener',
        title: document.documentId,
      },
      [documentName(document)],
    );
    return createElement('li', {}, [
      link,
      createElement('span', { class: 'hint' }, [
        ` · ${document.connectedBy} pays · ${lastUsedText(document.lastUsedAt)} `,
      ]),
      revoke,
    ]);
  };

  const show = (documents: ConnectedDocument[]): void => {
    list.replaceChildren(...documents.map(row));
    if (documents.length === 0) list.replaceChildren(createElement('li', { class: 'hint' }, ['None.']));
  };

  return {
    element,
    async load(admin) {
      heading.textContent = admin ? 'Connected documents (everyone’s)' : 'Documents whose formulas bill you';
      element.hidden = false;
      message.textContent = '';
      try {
        show(await context.server.listConnectedDocuments());
      } catch (error) {
        message.className = 'field-error';
        message.textContent = failureText('list the connected documents', error);
      }
    },
  };
}
