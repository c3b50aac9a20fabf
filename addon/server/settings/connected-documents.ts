import type { KeyListAnswer, WorkerKeyInfo } from '../../../shared/worker-api/keys';
import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { ConnectedDocument } from '../../bridge-contract/connected-documents-api';
import {
  asRecord,
  numberAt,
  optionalNumberAt,
  optionalStringAt,
  stringAt,
} from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';

/**
 * Live document keys as the worker lists them (`GET /api/keys`: an admin's answer holds everyone's,
 * a member's their own), newest first. A person's own keys and dead keys are left out.
 */
export function listConnectedDocuments(): ConnectedDocument[] {
  const answer = asRecord<KeyListAnswer>(callRoute(WORKER_ROUTES.listKeys, { query: {} }), 'the keys');
  const keys = Array.isArray(answer.keys) ? answer.keys : [];
  const now = Date.now();
  const here = SpreadsheetApp.getActiveSpreadsheet();
  return keys.flatMap((value) => {
    const key = asRecord<WorkerKeyInfo>(value, 'a key');
    const documentId = optionalStringAt(key, 'documentId');
    const expiresAt = numberAt(key, 'expiresAt');
    if (documentId === null || optionalNumberAt(key, 'revokedAt') !== null || expiresAt <= now) return [];
    return [
      {
        keyId: stringAt(key, 'id'),
        documentId,
        // This spreadsheet's title as it is now; another's as the worker kept it.
        title: documentId === here.getId() ? here.getName() : optionalStringAt(key, 'documentTitle'),
        connectedBy: stringAt(key, 'email'),
        connectedAt: numberAt(key, 'createdAt'),
        lastUsedAt: optionalNumberAt(key, 'lastUsedAt'),
        expiresAt,
      },
    ];
  });
}

export function revokeConnectedDocument(keyId: string): ConnectedDocument[] {
  callRoute(WORKER_ROUTES.revokeKey, { params: { id: keyId } });
  return listConnectedDocuments();
}
