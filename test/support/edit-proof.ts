import request from 'supertest';
import type { Express } from 'express';
import {
  EDIT_PROOF_HEADER,
  EDIT_PROOF_REQUIRED,
  type EditProofChallenge,
} from '../../shared/worker-api/edit-proof';
import { DEFAULT_SCRIPT_PROJECT_NUMBER } from '../../worker/playground/apps-script/spreadsheet/spreadsheet-app';
import type { FakeSpreadsheet } from '../../worker/playground/apps-script/spreadsheet/spreadsheet';

/**
 * Proves, the way the add-on does (issue 22), that the caller of `headers` can edit the fakes'
 * spreadsheet: asks `POST /api/documents/:id/edit-proof` for a challenge, writes it as the add-on
 * would (spreadsheet-level developer metadata, DOCUMENT visibility, the script's Cloud project),
 * asks again with it, and removes it. The worker keeps the proof for EDIT_PROOF_MINUTES.
 */
export async function proveEditAccess(
  app: Express,
  headers: Record<string, string>,
  spreadsheet: FakeSpreadsheet,
): Promise<void> {
  const path = `/api/documents/${spreadsheet.getId()}/edit-proof`;
  const asked = await request(app).post(path).set(headers);
  const challenge = challengeOf(asked.status, asked.body);
  const remove = writeChallenge(spreadsheet, challenge);
  try {
    const proven = await request(app).post(path).set(headers).set(EDIT_PROOF_HEADER, challenge.metadataValue);
    if (proven.status !== 200 || (proven.body as { proven?: unknown }).proven !== true) {
      throw new Error(`no proof: ${proven.status} ${JSON.stringify(proven.body)}`);
    }
  } finally {
    remove();
  }
}

/**
 * Writes a challenge into the spreadsheet as the add-on does from inside it: spreadsheet-level
 * developer metadata, DOCUMENT visibility, the script's Cloud project. Answers its removal.
 */
export function writeChallenge(spreadsheet: FakeSpreadsheet, challenge: EditProofChallenge): () => void {
  const entry = spreadsheet.metadata.create({
    key: challenge.metadataKey,
    value: challenge.metadataValue,
    visibility: 'DOCUMENT',
    project: DEFAULT_SCRIPT_PROJECT_NUMBER,
    location: { type: 'SPREADSHEET' },
  });
  return () => spreadsheet.metadata.remove(entry.id);
}

/** The challenge of a 403 `edit_proof_required` answer; throws on anything else. */
export function challengeOf(status: number, body: unknown): EditProofChallenge {
  const error = (body as { error?: { code?: string; challenge?: EditProofChallenge } }).error;
  if (status !== 403 || error?.code !== EDIT_PROOF_REQUIRED || error.challenge === undefined) {
    throw new Error(`expected a challenge, got ${status} ${JSON.stringify(body)}`);
  }
  return error.challenge;
}

/**
 * Sends a request the way the add-on's worker client does (issue 22): when the worker answers
 * `edit_proof_required`, the challenge is written into the fakes' spreadsheet (as the add-on
 * would, from inside it) and the request sent again with it, then the metadata removed.
 */
export async function sendAsAddon(
  send: (proof: string | undefined) => request.Test,
  spreadsheet: FakeSpreadsheet,
): Promise<request.Response> {
  const first = await send(undefined);
  const error = (first.body as { error?: { code?: string } } | undefined)?.error;
  if (first.status !== 403 || error?.code !== EDIT_PROOF_REQUIRED) return first;
  const challenge = challengeOf(first.status, first.body);
  const remove = writeChallenge(spreadsheet, challenge);
  try {
    return await send(challenge.metadataValue);
  } finally {
    remove();
  }
}
