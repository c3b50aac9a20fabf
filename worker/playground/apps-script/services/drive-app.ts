import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { FakeBlob, toBuffer } from './blob';
import type { FakeRuntime } from '../runtime/runtime';
import type { FakeSession } from '../runtime/session';

/**
 * DriveApp, the part the add-on uses: files by id, each with an owner and its sharing, read as a
 * Blob. Apps Script answers one message for a file that does not exist and for one the user may
 * not read (it will not tell which), refuses the call in a custom function and in onOpen before
 * authorization, and refuses it in any run when the manifest does not ask for a Drive scope.
 * Tests put files in with `addFile`; the script only reads.
 */

/** Who may open a file by its link, besides the owner and the people it is shared with. */
type DriveLinkAccess = 'none' | 'domain' | 'anyone';

interface DriveFileInit {
  /** Drive ids are 25 or more letters, digits, - and _; one is made when not given. */
  id?: string;
  name: string;
  mimeType: string;
  content: Uint8Array | string;
  owner: string;
  /** Addresses the file is shared with (viewer, commenter or editor: all may read it). */
  sharedWith?: readonly string[];
  link?: DriveLinkAccess;
}

const READ_SCOPES = [
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/drive',
];
export const DRIVE_NO_ITEM =
  'No item with the given ID could be found. Possibly because you have not edited this item or you do not have permission to access it.';

/** Google's own formats have no bytes of their own: Apps Script hands them out as PDF. */
const GOOGLE_FORMAT = /^application\/vnd\.google-apps\./;

interface StoredFile {
  id: string;
  name: string;
  mimeType: string;
  bytes: Buffer;
  owner: string;
  sharedWith: readonly string[];
  link: DriveLinkAccess;
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1).toLowerCase();
}

/** A file as a script sees it. */
class FakeDriveFile {
  constructor(
    private readonly runtime: FakeRuntime,
    private readonly file: StoredFile,
  ) {}

  getId(): string {
    this.runtime.enter('File.getId');
    return this.file.id;
  }

  getName(): string {
    this.runtime.enter('File.getName');
    return this.file.name;
  }

  getMimeType(): string {
    this.runtime.enter('File.getMimeType');
    return this.file.mimeType;
  }

  /** Bytes the file takes in Drive; Google's own formats take none. */
  getSize(): number {
    this.runtime.enter('File.getSize');
    return GOOGLE_FORMAT.test(this.file.mimeType) ? 0 : this.file.bytes.length;
  }

  getUrl(): string {
    this.runtime.enter('File.getUrl');
    return `https://drive.google.com/file/d/${this.file.id}/view?usp=drivesdk`;
  }

  getBlob(): FakeBlob {
    this.runtime.enter('File.getBlob');
    if (GOOGLE_FORMAT.test(this.file.mimeType)) {
      return new FakeBlob(`%PDF-1.4 export of ${this.file.name}`, 'application/pdf', `${this.file.name}.pdf`);
    }
    return new FakeBlob(this.file.bytes, this.file.mimeType, this.file.name);
  }
}

export class FakeDriveApp {
  private readonly files = new Map<string, StoredFile>();
  private made = 0;

  constructor(
    private readonly runtime: FakeRuntime,
    private readonly session: FakeSession,
  ) {}

  /** Puts a file in Drive (the test's doing, not the script's). */
  addFile(init: DriveFileInit): string {
    this.made += 1;
    const id = init.id ?? `1FakeDriveFile${String(this.made).padStart(6, '0')}abcdefghijkl`;
    if (!/^[A-Za-z0-9_-]{25,}$/.test(id))
      throw new Error(`a Drive id is 25 or more of A-Z a-z 0-9 - _, got "${id}"`);
    this.files.set(id, {
      id,
      name: init.name,
      mimeType: init.mimeType,
      bytes: toBuffer(init.content, 'content'),
      owner: init.owner.toLowerCase(),
      sharedWith: (init.sharedWith ?? []).map((email) => email.toLowerCase()),
      link: init.link ?? 'none',
    });
    return id;
  }

  getFileById(id: string): FakeDriveFile {
    this.runtime.enter('DriveApp.getFileById', ['custom-function', 'auth-none']);
    this.requireScope('DriveApp.getFileById');
    if (typeof id !== 'string' || id.trim() === '') throw new Error('Invalid argument: id');
    const file = this.files.get(id);
    if (file === undefined || !this.mayRead(file)) throw new Error(DRIVE_NO_ITEM);
    return new FakeDriveFile(this.runtime, file);
  }

  private mayRead(file: StoredFile): boolean {
    const user = this.session.effectiveUserEmail.toLowerCase();
    if (user === '') return false;
    if (file.owner === user || file.sharedWith.includes(user) || file.link === 'anyone') return true;
    return file.link === 'domain' && domainOf(file.owner) === domainOf(user);
  }

  /** Apps Script refuses a service whose scope the manifest does not ask for. */
  private requireScope(call: string): void {
    if (!this.runtime.attached) return;
    const file = path.join(this.runtime.project, 'appsscript.json');
    if (!existsSync(file)) return;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { oauthScopes?: unknown };
    const scopes = Array.isArray(manifest.oauthScopes) ? manifest.oauthScopes : [];
    if (!READ_SCOPES.some((scope) => scopes.includes(scope))) {
      throw new Error(
        `You do not have permission to call ${call}. Required permissions: (${READ_SCOPES.join(' || ')})`,
      );
    }
  }
}

/** The DriveApp of a set of fakes (`createAppsScriptFakes().globals.DriveApp`). */
export function fakeDriveApp(globals: Record<string, unknown>): FakeDriveApp {
  const drive = globals.DriveApp;
  if (!(drive instanceof FakeDriveApp)) throw new Error('these fakes have no DriveApp');
  return drive;
}
