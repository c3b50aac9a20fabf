import type { Platform } from '../../shared/platforms';
import type {
  CellWindow,
  ClearRequest,
  EditRequest,
  MenuRequest,
  PlaygroundPhase,
  RunAnswer,
  SelectRequest,
  SpreadsheetSnapshot,
} from './playground-api';

/**
 * Messages between the worker and the Apps Script process (apps-script-host.ts and
 * apps-script-host-child.ts). The process runs the built Code.js against the fakes; it has a
 * process of its own because UrlFetchApp blocks its thread while the worker answers.
 */

/** Made by the worker from its sandbox world: what the sample spreadsheet starts with. */
export interface SampleData {
  /** Addresses the sandbox knows, and a few it does not. */
  emails: string[];
  handles: Record<Platform, string[]>;
}

export interface HostInit {
  /** The worker as the add-on calls it, with a trailing slash (baked into Code.js). */
  workerUrl: string;
  /** Where the built add-on goes (Code.js, Sidebar.html, appsscript.json). */
  addonDir: string;
  /** Where the page's scripts go; null: the add-on is in `addonDir` already, build nothing. */
  pageDir: string | null;
  user: string;
  clientId: string;
  /** The ID-token signing key, as PEMs (a KeyObject does not cross processes). */
  signingKey: { kid: string; publicPem: string; privatePem: string };
  sample: SampleData;
  /**
   * The worker's service account: the process serves a Sheets API emulator over its spreadsheet
   * (playground-google.ts), knowing this account and sharing the spreadsheet with it as writer.
   * Absent: no emulator (the host's tests).
   */
  google?: PlaygroundServiceAccount;
}

/** The public half of the worker's service account, as the emulator registers it. */
export interface PlaygroundServiceAccount {
  clientEmail: string;
  publicKeyPem: string;
  keyId: string;
}

export type HostRequest =
  | { type: 'run'; run: { name: string; args: unknown[] } }
  | { type: 'window'; sheet: string; row: number; column: number; rows: number; columns: number }
  | { type: 'edit'; edit: EditRequest }
  | { type: 'clear'; clear: ClearRequest }
  | { type: 'select'; select: SelectRequest }
  | { type: 'addSheet' }
  | { type: 'menu'; menu: MenuRequest }
  | { type: 'recalculate' };

/** What each request answers with, besides the snapshot. */
export interface HostValues {
  run: RunAnswer;
  window: CellWindow;
  edit: null;
  clear: null;
  select: null;
  addSheet: null;
  menu: null;
  recalculate: null;
}

export type ToChild =
  { kind: 'init'; init: HostInit } | { kind: 'request'; id: number; request: HostRequest };

export interface SidebarPage {
  id: number;
  title: string;
  html: string;
}

export type FromChild =
  /** The emulator listens at `url` (the worker's GOOGLE_API_URL), or could not: `url` null and why. */
  | { kind: 'google'; url: string | null; message?: string }
  /** The spreadsheet changed outside any request (the worker wrote through the emulator). */
  | { kind: 'snapshot'; snapshot: SpreadsheetSnapshot; sidebar?: SidebarPage }
  | {
      kind: 'status';
      phase: PlaygroundPhase;
      message: string;
      /** The page's scripts are built (the page can load while the add-on still builds). */
      pageReady?: boolean;
      /** Once ready: the script's top-level functions, which google.script.run offers. */
      functions?: string[];
      snapshot?: SpreadsheetSnapshot;
      sidebar?: SidebarPage;
    }
  | {
      kind: 'answer';
      id: number;
      ok: true;
      value: unknown;
      snapshot: SpreadsheetSnapshot;
      /** A sidebar shown by this request. */
      sidebar?: SidebarPage;
    }
  | {
      kind: 'answer';
      id: number;
      ok: false;
      message: string;
      snapshot?: SpreadsheetSnapshot;
      sidebar?: SidebarPage;
    };
