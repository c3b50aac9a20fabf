import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { makeSigningKey, mintIdToken, TEST_CLIENT_ID, type SigningKey } from '../../fake-google';
import type { FakeRuntime } from './runtime';
import type { FakeSession } from './session';
import { FakeTriggerBuilder, type FakeTrigger, type FakeTriggers } from './triggers';

const AUTH_MODES = {
  NONE: 'NONE',
  CUSTOM_FUNCTION: 'CUSTOM_FUNCTION',
  LIMITED: 'LIMITED',
  FULL: 'FULL',
} as const;
const OPENID = 'openid';
const EMAIL_SCOPE = 'https://www.googleapis.com/auth/userinfo.email';
/** What installable triggers need (ScriptApp.newTrigger, getProjectTriggers, deleteTrigger...). */
const SCRIPTAPP_SCOPE = 'https://www.googleapis.com/auth/script.scriptapp';

export interface ScriptAppOptions {
  /** The add-on's OAuth client id: the audience of its ID tokens. */
  clientId?: string;
  /** The key tokens are signed with; one is made on first use when not given. */
  signingKey?: SigningKey;
  scriptId?: string;
  /**
   * The script's Cloud project number (its default project unless moved to a standard one): the
   * project its PROJECT-visible developer metadata belongs to. Default DEFAULT_SCRIPT_PROJECT_NUMBER.
   */
  projectNumber?: string;
}

/**
 * ScriptApp. getIdentityToken mints an RS256 ID token for the session's user with the tests' own
 * key (serve `signingKey` with fake-google's startCertServer for a verifier), carrying the e-mail
 * only when the manifest asks for the userinfo.email scope and returning null without `openid`,
 * as Apps Script does. Neither a custom function nor onOpen in AuthMode.NONE may get a token.
 */
export class FakeScriptApp {
  readonly AuthMode = AUTH_MODES;
  readonly clientId: string;
  /** Tokens minted so far, newest last. */
  readonly identityTokens: string[] = [];
  private key: SigningKey | undefined;
  private readonly scriptId: string;

  constructor(
    private readonly runtime: FakeRuntime,
    private readonly session: FakeSession,
    options: ScriptAppOptions = {},
  ) {
    this.clientId = options.clientId ?? TEST_CLIENT_ID;
    this.key = options.signingKey;
    this.scriptId = options.scriptId ?? '1CreatorSheetsTestScriptId000000000000000000000000000';
  }

  get signingKey(): SigningKey {
    this.key ??= makeSigningKey('apps-script-test-key');
    return this.key;
  }

  getIdentityToken(): string | null {
    this.runtime.enter('ScriptApp.getIdentityToken', ['custom-function', 'auth-none']);
    const scopes = this.scopes();
    if (scopes !== null && !scopes.includes(OPENID)) return null;
    const now = Math.floor(this.runtime.clock.now() / 1000);
    const email = this.session.effectiveUserEmail;
    const withEmail = scopes === null || scopes.includes(EMAIL_SCOPE);
    const token = mintIdToken(this.signingKey, {
      iss: 'https://accounts.google.com',
      aud: this.clientId,
      azp: this.clientId,
      sub: subjectOf(email),
      ...(withEmail ? { email, email_verified: true } : {}),
      ...(email.includes('@') && !/@gmail\.com$/i.test(email) ? { hd: email.split('@')[1] } : {}),
      iat: now,
      exp: now + 3600,
    });
    this.identityTokens.push(token);
    return token;
  }

  getOAuthToken(): string {
    this.runtime.enter('ScriptApp.getOAuthToken', ['custom-function', 'auth-none']);
    return `ya29.fake-oauth-token-for-${subjectOf(this.session.effectiveUserEmail)}`;
  }

  getScriptId(): string {
    this.runtime.enter('ScriptApp.getScriptId');
    return this.scriptId;
  }

  /** Set by createAppsScriptFakes: the script's installable triggers (triggers.ts). */
  triggers: FakeTriggers | null = null;

  /** A trigger builder for the top-level function `functionName` (add-on rules: triggers.ts). */
  newTrigger(functionName: string): FakeTriggerBuilder {
    this.runtime.enter('ScriptApp.newTrigger', ['custom-function', 'auth-none']);
    return new FakeTriggerBuilder(this.requireTriggers(), String(functionName));
  }

  /** This user's triggers of the script (an add-on sees only its user's). */
  getProjectTriggers(): FakeTrigger[] {
    this.runtime.enter('ScriptApp.getProjectTriggers', ['custom-function', 'auth-none']);
    return this.requireTriggers().of(this.session.effectiveUserEmail);
  }

  /** This user's triggers in one document. */
  getUserTriggers(spreadsheet: { getId(): string }): FakeTrigger[] {
    this.runtime.enter('ScriptApp.getUserTriggers', ['custom-function', 'auth-none']);
    const documentId = spreadsheet.getId();
    return this.requireTriggers()
      .of(this.session.effectiveUserEmail)
      .filter((trigger) => trigger.documentId === documentId);
  }

  deleteTrigger(trigger: FakeTrigger): void {
    this.runtime.enter('ScriptApp.deleteTrigger', ['custom-function', 'auth-none']);
    this.requireTriggers().remove(trigger);
  }

  private requireTriggers(): FakeTriggers {
    if (this.triggers === null) throw new Error('No triggers in these fakes');
    const scopes = this.scopes();
    if (scopes !== null && !scopes.includes(SCRIPTAPP_SCOPE)) {
      throw new Error(
        `You do not have permission to call ScriptApp triggers. Required permissions: ${SCRIPTAPP_SCOPE}`,
      );
    }
    return this.triggers;
  }

  /** The manifest's oauthScopes, or null when there is no manifest to read. */
  private scopes(): string[] | null {
    if (!this.runtime.attached) return null;
    const file = path.join(this.runtime.project, 'appsscript.json');
    if (!existsSync(file)) return null;
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as { oauthScopes?: unknown };
    return Array.isArray(manifest.oauthScopes)
      ? manifest.oauthScopes.filter((scope): scope is string => typeof scope === 'string')
      : null;
  }
}

/** A stable numeric account id per address, like Google's `sub`. */
function subjectOf(email: string): string {
  let hash = 0n;
  for (const char of email) hash = (hash * 131n + BigInt(char.charCodeAt(0))) % 10n ** 20n;
  return `1${hash.toString().padStart(20, '0')}`;
}
