/**
 * The titles of connected spreadsheets, as a sidebar in each last said it when connecting (issue
 * 25): lists of documents (Settings' connected documents) name them by title, not by a 44-character
 * id. The add-on may read no spreadsheet but its own, so the worker keeps what each one said.
 * Only ever shown, to whoever sees that document anyway.
 */
export interface DocumentTitleRepository {
  /** Keeps `title` for the document (the newest wins). */
  set(documentId: string, title: string): Promise<void>;
  /** The known titles of these documents. */
  titlesOf(documentIds: readonly string[]): Promise<Map<string, string>>;
}

/** Sheets caps a title well below this; a longer one is cut rather than refused. */
export const MAX_DOCUMENT_TITLE_CHARS = 200;
