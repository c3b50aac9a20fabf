import { WORKER_ROUTES } from '../../../shared/worker-api/routes';
import type { FormulaRefreshView } from '../../bridge-contract/formula-refresh-api';
import type {
  ConnectedSettings,
  ConnectionTest,
  HealthView,
  Settings,
} from '../../bridge-contract/sidebar-api';
import { refreshAddonFormulas, saysNotConnected } from '../formulas/formula-refresh';
import { fetchIdentity } from './worker-account';
import { asRecord, optionalRecordAt, stringAt } from '../worker-client/worker-answers';
import { callRoute } from '../worker-client/worker-client';
import { sentenceOf, WorkerCallError } from '../worker-client/worker-failure';
import { fetchHealth } from '../health/worker-health';
import {
  forgetDocumentKey,
  forgetWorkerKey,
  readConnection,
  readConnectionSnapshot,
  readDocumentConnection,
  readDocumentKey,
  readWorkerKey,
  storeDocumentKey,
  storeWorkerKey,
  updateConnectionIdentity,
} from '../worker-client/worker-key';
import { currentWorkerUrl, saveWorkerUrlSetting } from '../worker-client/worker-url';

/** Settings as the sidebar shows them; one read of each property store, no network. */
export function readSettings(): Settings {
  const snapshot = readConnectionSnapshot();
  const { workerUrl, document } = snapshot;
  const connected = snapshot.key !== null;
  const connection = connected ? snapshot.connection : null;
  const email = connection?.email ?? null;
  return {
    workerUrl,
    connected,
    email,
    role: connection?.role ?? null,
    formulas:
      document === null || document.workerUrl !== workerUrl
        ? null
        : { email: document.email, byYou: email !== null && document.email === email },
  };
}

/** Sets this spreadsheet's worker URL (empty: back to the build's). A key stays tied to its worker. */
export function saveWorkerUrlAndRead(url: string): Settings {
  saveWorkerUrlSetting(url);
  return readSettings();
}

/** Revokes a key on the worker when it can; a key the worker no longer knows is no reason to fail. */
function revokeQuietly(keyId: string | null, bearer?: string): void {
  if (keyId === null) return;
  try {
    callRoute(WORKER_ROUTES.revokeKey, { params: { id: keyId }, ...(bearer ? { bearer } : {}) });
  } catch {
    // Disconnecting must work offline too; an unrevoked key can still be revoked by an admin.
  }
}

/**
 * Exchanges this user's Google ID token for a worker key (`POST /api/keys`) and keeps it in user
 * properties, tied to the current worker. A previous key of the same worker is revoked. The
 * document's formulas come along when nobody has connected them to this worker yet, or with
 * `takeOverFormulas` ("Use my account for formulas"): an editor who connects for the sidebar
 * must not silently move a teammate's formulas onto their own budget, and the worker refuses it
 * too (issue 22): it moves them only with proof that this user edits the spreadsheet. When the
 * formulas got a new key, the ones that said "Not connected" are refreshed at once: nobody has to
 * find the menu.
 */
export function connectToWorker(takeOverFormulas = false): ConnectedSettings {
  const token = ScriptApp.getIdentityToken();
  if (typeof token !== 'string' || token === '') {
    throw new Error(
      'Google gave no identity token: the add-on needs the "openid" and "userinfo.email" scopes. ' +
        'Reopen the spreadsheet and authorize Creator Sheets again.',
    );
  }
  const workerUrl = currentWorkerUrl();
  const current = readDocumentConnection();
  const withFormulas = takeOverFormulas || current === null || current.workerUrl !== workerUrl;
  let answer: Record<string, unknown>;
  try {
    const spreadsheet = SpreadsheetApp.getActiveSpreadsheet();
    const documentId = spreadsheet.getId();
    // The worker asks this spreadsheet for proof of edit access first (callRoute writes it). The
    // title names the document in lists of documents, where an id says nothing (issue 25).
    const body = withFormulas
      ? { documentId, documentTitle: spreadsheet.getName(), ...(takeOverFormulas ? { takeOver: true } : {}) }
      : {};
    answer = asRecord(callRoute(WORKER_ROUTES.issueKey, { bearer: token, body }), 'the new key');
  } catch (error) {
    if (error instanceof WorkerCallError && error.code.indexOf('edit_proof') === 0) throw error;
    if (error instanceof WorkerCallError && (error.status === 401 || error.status === 403)) {
      throw new Error(`The worker refused your Google sign-in: ${error.message}`);
    }
    throw error;
  }
  const previous = readConnection();
  const previousKey = readWorkerKey();
  const issued = {
    key: stringAt(answer, 'key'),
    id: stringAt(answer, 'id'),
    email: stringAt(answer, 'email'),
    role: answer.role === 'admin' ? ('admin' as const) : ('member' as const),
  };
  storeWorkerKey(issued, workerUrl);
  if (previous !== null && previousKey !== null && previous.keyId !== issued.id) {
    revokeQuietly(previous.keyId, previousKey);
  }
  const document = optionalRecordAt(answer, 'document');
  // The worker revoked the document's earlier key when it issued this one.
  if (document !== null) {
    storeDocumentKey(
      { key: stringAt(document, 'key'), id: stringAt(document, 'id'), email: stringAt(document, 'email') },
      workerUrl,
    );
  }
  const keptBy = optionalRecordAt(answer, 'formulasConnectedBy');
  return {
    ...readSettings(),
    formulaRefresh: document === null ? null : refreshDisconnectedFormulas(),
    formulasKeptBy: keptBy === null ? null : stringAt(keptBy, 'message'),
  };
}

/** The formulas that said "Not connected", set again; null when even that could not be tried. */
function refreshDisconnectedFormulas(): FormulaRefreshView | null {
  try {
    return refreshAddonFormulas({ showing: saysNotConnected });
  } catch {
    // The connection stands; the formulas still fill in from Extensions > Refresh formulas.
    return null;
  }
}

/** Revokes this document's key with itself (any editor holds it) and forgets it. */
export function disconnectFormulasOfDocument(): Settings {
  const document = readDocumentConnection();
  const key = readDocumentKey();
  if (document !== null && key !== null) revokeQuietly(document.keyId, key);
  forgetDocumentKey();
  return readSettings();
}

/** Forgets this user's key (and revokes it on the worker when reachable). */
export function disconnectFromWorker(): Settings {
  const connection = readConnection();
  const key = readWorkerKey();
  if (connection !== null && key !== null) revokeQuietly(connection.keyId, key);
  // Formulas this user connected would go on billing them: they stop too.
  const document = readDocumentConnection();
  if (document !== null && connection?.email != null && document.email === connection.email) {
    disconnectFormulasOfDocument();
  }
  forgetWorkerKey();
  return readSettings();
}

function healthSentence(health: HealthView): string {
  const api = health.api.reachable
    ? `the Discovery API is ${health.api.status.toLowerCase()}`
    : 'the Discovery API is unreachable from the worker';
  return `The worker is ${health.worker.status} (${health.worker.mode} mode) and ${api}.`;
}

/** Who the worker says this user is, and the health of the worker and the API. */
export function testWorkerConnection(): ConnectionTest {
  const workerUrl = currentWorkerUrl();
  if (readWorkerKey() === null) {
    return {
      ok: false,
      message: `Not connected to ${workerUrl}: press Connect to sign in with your Google account.`,
      email: null,
      role: null,
      health: null,
    };
  }
  let identity: { email: string; role: 'admin' | 'member' };
  try {
    identity = fetchIdentity();
  } catch (error) {
    return { ok: false, message: sentenceOf(error), email: null, role: null, health: null };
  }
  updateConnectionIdentity(identity.email, identity.role);
  const connected = `Connected to ${workerUrl} as ${identity.email} (${identity.role}).`;
  try {
    const health = fetchHealth();
    return { ok: true, message: `${connected} ${healthSentence(health)}`, ...identity, health };
  } catch (error) {
    return {
      ok: true,
      message: `${connected} Health unknown: ${sentenceOf(error)}`,
      ...identity,
      health: null,
    };
  }
}
