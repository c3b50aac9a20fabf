import type { IssuedKeyAnswer } from '../../../shared/worker-api/keys';
import { WorkerError } from '../request-io/worker-error';
import type { Identity } from '../identity/identity';
import type { DocumentChangeRepository } from '../store/document-change-repository';
import type { KeyRepository } from '../store/key-repository';
import { normalizeUserEmail } from '../store/values/user-email';
import type { EditAccess } from './edit-access';
import { unprovableSentence } from './edit-access';
import type { SheetAccess } from '../google/sheet-access';

interface ConnectDeps {
  keys: KeyRepository;
  editAccess: EditAccess;
  changes: DocumentChangeRepository;
  /** For the sentence that says how proof becomes possible. */
  sheetAccess: SheetAccess | null;
  /** UNPROVEN_DOCUMENT_KEYS: whether a spreadsheet the worker cannot read may be connected at all. */
  unprovenDocumentKeys: 'first' | 'refuse';
}

/**
 * Connecting a document's formulas (`POST /api/keys` with `documentId`, issue 22). Who pays for
 * a document's formulas changes only by its connector (connecting again), a member with fresh
 * proof of edit access who confirms it in the sidebar (`takeOver`), or an admin (who revokes the
 * document key in Settings, after which anyone may connect). The earlier key keeps working until
 * then, and every change is recorded for the document's editors.
 *
 * Where the worker cannot read the spreadsheet it cannot prove anything: the first person to
 * connect it becomes its connector (the key opens only the formulas' routes, billed to them), and
 * nobody else takes it over without proof; or, with UNPROVEN_DOCUMENT_KEYS=refuse, nobody.
 */
export async function connectDocument(
  deps: ConnectDeps,
  identity: Identity,
  documentId: string,
  takeOver: boolean,
  presented: string | undefined,
): Promise<Pick<IssuedKeyAnswer, 'document' | 'formulasConnectedBy'>> {
  const state = await deps.editAccess.check(identity, documentId, presented, { fresh: takeOver });
  if (state === 'unprovable' && deps.unprovenDocumentKeys === 'refuse') {
    throw new WorkerError(
      403,
      'edit_proof_unavailable',
      `${await unprovableSentence(deps.sheetAccess)} This worker connects formulas only with that check (UNPROVEN_DOCUMENT_KEYS=refuse).`,
    );
  }
  const caller = normalizeUserEmail(identity.email);
  const outcome = await deps.keys.issueDocumentKey(
    caller,
    documentId,
    (current) => current.email === caller || (takeOver && state === 'proven'),
  );
  if ('kept' in outcome) {
    const current = outcome.kept;
    if (takeOver) {
      throw new WorkerError(
        403,
        'edit_proof_unavailable',
        `${await unprovableSentence(deps.sheetAccess)} Until then only ${current.email}, who connected the formulas, or an admin can hand them over.`,
      );
    }
    return {
      formulasConnectedBy: {
        documentId,
        email: current.email,
        since: current.createdAt,
        message: `${current.email} connected this spreadsheet's formulas and their budget pays for them. To pay for them yourself, choose "Use my account for formulas" in Settings.`,
      },
    };
  }
  const { issued, replaced } = outcome;
  const proof =
    state === 'proven'
      ? 'edit access proven'
      : 'edit access could not be checked: the spreadsheet is not shared with the worker';
  if (replaced !== null && replaced.email !== caller) {
    await deps.changes.record(
      documentId,
      caller,
      'took-over',
      `${caller} took over the formulas from ${replaced.email} (${proof}); ${caller}'s budget pays for them from now on.`,
    );
  } else {
    const again = replaced === null ? '' : ' again';
    await deps.changes.record(
      documentId,
      caller,
      'connected',
      `${caller} connected the formulas${again} (${proof}); their budget pays for them.`,
    );
  }
  return {
    document: {
      key: issued.key,
      id: issued.info.id,
      documentId,
      email: caller,
      expiresAt: issued.info.expiresAt,
    },
  };
}
