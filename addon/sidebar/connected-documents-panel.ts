import type { ConnectedDocument } from '../shared/connected-documents-api';
import { whileBusy } from './busy';
import { createElement } from './create-element';
import { failureText } from './error-text';
import { button } from './form-fields';
import type { SidebarContext } from './sidebar-context';

export interface ConnectedDocumentsPanel {
  element: HTMLElement;
  /** Lists again; `admin` picks the heading (an admin's list holds everyone's documents). */
  load(admin: boolean): Promise<void>;
}

/** When a key was last used, in words: "never", or the sidebar user's local date and time. */
function lastUsedText(lastUsedAt: number | null): string {
  if (lastUsedAt === null) return 'not used yet';
  return `last used ${new Date(lastUsedAt).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' })}`;
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
    revoke.setAttribute('aria-label', `Revoke the formulas of ${document.documentId}`);
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
      { href: documentUrl(document.documentId), target: '_blank', rel: 'noopener' },
      [document.documentId],
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
