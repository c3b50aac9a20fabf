import type { SheetsPacer } from './sheets-pacer';
import type { Clock } from '../../common/clock';
import { failureOf } from './google-failure';
import { refusalOf, type RefusalKind } from './google-refusal';
import { connectSheetsApi, type SheetsApi, type SheetsApiOptions } from './sheets-api';

/** Whether the worker's service account can open a spreadsheet, and if not why, in a sentence. */
export type SharingState =
  | { shared: true }
  | { shared: false; reason: string; refusal: Extract<RefusalKind, 'not-shared' | 'api-disabled' | 'gone'> };

/** What a search of a spreadsheet's developer metadata found; `no-access`: it could not be read. */
export type MetadataSearch = 'found' | 'absent' | 'no-access';

export interface SheetAccess {
  /** The service account's address, once known (null until the first connect succeeds). */
  serviceAccountEmail(): Promise<string>;
  /** `spreadsheets.get` of the id alone: the cheapest call that says whether it is shared. */
  check(spreadsheetId: string): Promise<SharingState>;
  /**
   * Whether developer metadata with this key and value is on the spreadsheet (one
   * developerMetadata.search, a read): how the worker reads back an edit-proof challenge that only
   * an editor could have added (documents/edit-access.ts).
   */
  findMetadata(spreadsheetId: string, key: string, value: string): Promise<MetadataSearch>;
  /** The client, connected on first use (the metadata server is asked once). */
  api(): Promise<SheetsApi>;
}

/** After a 429 on the check, reads of the worker wait this long (the sidebar can Check again). */
const TOO_MANY_HOLD_MS = 2_000;

/** A spreadsheet found shared stays so for this long before it is asked again (reads are a quota). */
const SHARED_KEPT_MS = 10 * 60_000;

/**
 * The worker's access to spreadsheets as its own service account. Only "shared" is kept a while:
 * someone who has just shared the sheet and asks again must see it at once.
 */
export function createSheetAccess(options: SheetsApiOptions, clock: Clock, pacer: SheetsPacer): SheetAccess {
  let connecting: Promise<SheetsApi> | null = null;
  const sharedUntil = new Map<string, number>();
  const api = () => {
    connecting ??= connectSheetsApi(options).catch((error: unknown) => {
      connecting = null; // The next call tries again: a metadata server may answer later.
      throw error;
    });
    return connecting;
  };
  return {
    api,
    async serviceAccountEmail() {
      return (await api()).serviceAccountEmail;
    },
    async check(spreadsheetId) {
      const until = sharedUntil.get(spreadsheetId);
      if (until !== undefined && until > clock.now()) return { shared: true };
      const { sheets, serviceAccountEmail } = await api();
      // A read like any other of the worker's: its turn on the one pacer, no retry of the library's.
      await pacer.take('read', spreadsheetId);
      try {
        await sheets.spreadsheets.get({ spreadsheetId, fields: 'spreadsheetId' }, { retry: false });
      } catch (error) {
        const failure = failureOf(error);
        const refusal = refusalOf(failure, serviceAccountEmail);
        // Not shared, the API off, the spreadsheet gone: each says what to do (google-refusal.ts).
        if (refusal.kind === 'not-shared' || refusal.kind === 'api-disabled' || refusal.kind === 'gone') {
          sharedUntil.delete(spreadsheetId);
          return { shared: false, reason: refusal.sentence, refusal: refusal.kind };
        }
        if (failure.status === 429) pacer.holdBack('read', spreadsheetId, TOO_MANY_HOLD_MS);
        throw new Error(`Google could not say whether the spreadsheet is shared: ${refusal.sentence}`);
      }
      sharedUntil.set(spreadsheetId, clock.now() + SHARED_KEPT_MS);
      return { shared: true };
    },
    async findMetadata(spreadsheetId, key, value) {
      const { sheets } = await api();
      await pacer.take('read', spreadsheetId);
      let matched: { developerMetadata?: { metadataKey?: string | null; metadataValue?: string | null } }[];
      try {
        const answer = await sheets.spreadsheets.developerMetadata.search(
          {
            spreadsheetId,
            requestBody: {
              dataFilters: [{ developerMetadataLookup: { metadataKey: key, metadataValue: value } }],
            },
          },
          { retry: false },
        );
        matched = answer.data.matchedDeveloperMetadata ?? [];
      } catch (error) {
        const failure = failureOf(error);
        const refusal = refusalOf(failure, null);
        // Not shared, no such spreadsheet: nothing can be read, so nothing proven. The API off is
        // the worker's own trouble, said as such (the caller may well edit the sheet).
        if (refusal.kind === 'not-shared' || refusal.kind === 'gone') return 'no-access';
        if (failure.status === 429) pacer.holdBack('read', spreadsheetId, TOO_MANY_HOLD_MS);
        throw new Error(`Google could not be asked about the spreadsheet: ${refusal.sentence}`);
      }
      sharedUntil.set(spreadsheetId, clock.now() + SHARED_KEPT_MS);
      const found = matched.some(
        (match) =>
          match.developerMetadata?.metadataKey === key && match.developerMetadata.metadataValue === value,
      );
      return found ? 'found' : 'absent';
    },
  };
}
