/**
 * Who may open which spreadsheet. A service account is a user of its own: it reaches a
 * spreadsheet only once the spreadsheet is shared with its address, as viewer (reads) or editor
 * (reads and writes); otherwise the API answers 403 "The caller does not have permission"
 * (https://github.com/googleapis/google-api-ruby-client/issues/461: "Service accounts are
 * effectively separate users and need to be on the ACLs the same as any other user").
 */
export type ShareRole = 'reader' | 'writer';

export class SheetSharing {
  private readonly grants = new Map<string, Map<string, ShareRole>>();

  share(spreadsheetId: string, email: string, role: ShareRole): void {
    const grants = this.grants.get(spreadsheetId) ?? new Map<string, ShareRole>();
    grants.set(email.toLowerCase(), role);
    this.grants.set(spreadsheetId, grants);
  }

  unshare(spreadsheetId: string, email: string): void {
    this.grants.get(spreadsheetId)?.delete(email.toLowerCase());
  }

  roleOf(spreadsheetId: string, email: string): ShareRole | null {
    return this.grants.get(spreadsheetId)?.get(email.toLowerCase()) ?? null;
  }
}
