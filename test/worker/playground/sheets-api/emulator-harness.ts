import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectSheetsApi } from '../../../../worker/src/google/sheets-api';
import {
  createAppsScriptFakes,
  type AppsScriptFakes,
} from '../../../../worker/playground/apps-script/create-fakes';
import type { FakeSpreadsheet } from '../../../../worker/playground/apps-script/spreadsheet/spreadsheet';
import type { QuotaLimits } from '../../../../worker/playground/sheets-api/quotas';
import {
  serveSheetsApiEmulator,
  type ServedEmulator,
} from '../../../../worker/playground/sheets-api/serve-sheets-api-emulator';
import {
  createServiceAccountKey,
  type GeneratedServiceAccount,
} from '../../../../worker/playground/sheets-api/service-account-key';
import {
  createSheetsApiEmulator,
  type SheetsApiEmulator,
} from '../../../../worker/playground/sheets-api/sheets-api-emulator';
import type { sheets_v4 } from '@googleapis/sheets';

export const SPREADSHEET_ID = '1EmulatorSpreadsheetId000000000000000000000';

/** A clock the test moves by hand. */
export class ManualClock {
  constructor(public time: number = Date.now()) {}
  now(): number {
    return this.time;
  }
  advance(ms: number): void {
    this.time += ms;
  }
}

export interface Harness {
  fakes: AppsScriptFakes;
  spreadsheet: FakeSpreadsheet;
  emulator: SheetsApiEmulator;
  served: ServedEmulator;
  clock: ManualClock;
  account: GeneratedServiceAccount;
  /** googleapis' Sheets client, signed in as `account` through the worker's own connector. */
  sheets: sheets_v4.Sheets;
  /** Another client for another account (registered, shared as asked), of another Cloud project if given. */
  client(account: GeneratedServiceAccount, projectNumber?: string): Promise<sheets_v4.Sheets>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  quotas?: Partial<QuotaLimits>;
  sheets?: string[];
  /** How the default account sees the spreadsheet; null for not shared. */
  role?: 'reader' | 'writer' | null;
  /** The Cloud project of the fakes' script (its own default project unless given). */
  scriptProjectNumber?: string;
}

/** The fakes' spreadsheet, the emulator over it on loopback, and a client as the worker builds it. */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const fakes = createAppsScriptFakes({
    spreadsheet: { id: SPREADSHEET_ID, sheets: options.sheets ?? ['Sheet1'] },
    scriptApp: { projectNumber: options.scriptProjectNumber },
  });
  const spreadsheet = fakes.spreadsheet;
  const clock = new ManualClock();
  const emulator = createSheetsApiEmulator({
    spreadsheets: (id) => (id === SPREADSHEET_ID ? spreadsheet : null),
    clock,
    quotas: options.quotas,
  });
  const served = await serveSheetsApiEmulator(emulator);
  const dir = mkdtempSync(join(tmpdir(), 'sheets-api-emulator-'));
  let files = 0;
  const client = async (account: GeneratedServiceAccount, projectNumber?: string) => {
    emulator.addServiceAccount({
      clientEmail: account.clientEmail,
      publicKeyPem: account.publicKeyPem,
      keyId: account.keyId,
      projectNumber,
    });
    const path = join(dir, `key-${files++}.json`);
    writeFileSync(path, JSON.stringify(account.keyFile));
    const api = await connectSheetsApi({ identity: { kind: 'key-file', path }, googleApiUrl: served.url });
    return api.sheets;
  };
  const account = createServiceAccountKey();
  const role = options.role === undefined ? 'writer' : options.role;
  if (role !== null) emulator.share(SPREADSHEET_ID, account.clientEmail, role);
  const sheets = await client(account);
  return {
    fakes,
    spreadsheet,
    emulator,
    served,
    clock,
    account,
    sheets,
    client,
    close: async () => {
      await served.close();
      fakes.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The status and Google error body of a failed googleapis call. */
export async function failure(
  call: Promise<unknown>,
): Promise<{ status: number; error: { code: number; message: string; status: string } }> {
  try {
    await call;
  } catch (error) {
    const response = (
      error as {
        response?: { status: number; data: { error: { code: number; message: string; status: string } } };
      }
    ).response;
    if (response === undefined) throw error;
    return { status: response.status, error: response.data.error };
  }
  throw new Error('The call succeeded');
}
