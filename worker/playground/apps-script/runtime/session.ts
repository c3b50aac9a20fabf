import type { FakeRuntime } from './runtime';

/** A Google account as Session hands it out. */
class FakeUser {
  constructor(private readonly email: string) {}

  getEmail(): string {
    return this.email;
  }
}

export interface SessionOptions {
  /** Who is using the spreadsheet. */
  activeUserEmail?: string;
  /** Who the script runs as; for an add-on, the same user. */
  effectiveUserEmail?: string;
}

const TEST_USER_EMAIL = 'ana@team.com';

/**
 * Session. A custom function runs anonymously: both users' e-mails are '' there, as Apps Script
 * gives no identity to a formula. onOpen in AuthMode.NONE may not ask at all.
 */
export class FakeSession {
  activeUserEmail: string;
  effectiveUserEmail: string;

  constructor(
    private readonly runtime: FakeRuntime,
    options: SessionOptions = {},
  ) {
    this.activeUserEmail = options.activeUserEmail ?? TEST_USER_EMAIL;
    this.effectiveUserEmail = options.effectiveUserEmail ?? this.activeUserEmail;
  }

  /** Another editor of the same spreadsheet takes over (an add-on runs as its active user). */
  actAs(email: string): void {
    this.activeUserEmail = email;
    this.effectiveUserEmail = email;
  }

  getActiveUser(): FakeUser {
    this.runtime.enter('Session.getActiveUser', ['auth-none']);
    return new FakeUser(this.runtime.mode === 'custom-function' ? '' : this.activeUserEmail);
  }

  getEffectiveUser(): FakeUser {
    this.runtime.enter('Session.getEffectiveUser', ['auth-none']);
    return new FakeUser(this.runtime.mode === 'custom-function' ? '' : this.effectiveUserEmail);
  }

  /** Stable per user and script, opaque, and no e-mail address in it. */
  getTemporaryActiveUserKey(): string {
    this.runtime.enter('Session.getTemporaryActiveUserKey', ['auth-none']);
    return `tmp-${Buffer.from(this.activeUserEmail).toString('base64url').split('').reverse().join('')}`;
  }

  getScriptTimeZone(): string {
    this.runtime.enter('Session.getScriptTimeZone');
    return 'Etc/UTC';
  }

  getActiveUserLocale(): string {
    this.runtime.enter('Session.getActiveUserLocale');
    return 'en';
  }
}
