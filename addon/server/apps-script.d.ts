/**
 * The few Apps Script services the add-on uses, declared by hand (no @types/google-apps-script).
 * Names and shapes follow that package, so it can replace this file later without touching callers.
 * Declare only what the code calls: an undeclared method is a method the fakes do not model either.
 */
declare namespace GoogleAppsScript {
  namespace Base {
    enum ButtonSet {
      OK,
      OK_CANCEL,
      YES_NO,
      YES_NO_CANCEL,
    }
    enum Button {
      CLOSE,
      OK,
      CANCEL,
      YES,
      NO,
    }
    interface Menu {
      addItem(caption: string, functionName: string): Menu;
      addSeparator(): Menu;
      addSubMenu(menu: Menu): Menu;
      addToUi(): void;
    }
    interface Ui {
      readonly ButtonSet: typeof ButtonSet;
      readonly Button: typeof Button;
      alert(prompt: string): Button;
      alert(prompt: string, buttons: ButtonSet): Button;
      alert(title: string, prompt: string, buttons: ButtonSet): Button;
      createAddonMenu(): Menu;
      createMenu(caption: string): Menu;
      showSidebar(userInterface: HTML.HtmlOutput): void;
    }
  }

  namespace HTML {
    interface HtmlOutput {
      getContent(): string;
      getTitle(): string;
      setTitle(title: string): HtmlOutput;
    }
    interface HtmlTemplate {
      evaluate(): HtmlOutput;
      /** Template variables: each property set here is visible to the file's scriptlets. */
      [variable: string]: unknown;
    }
    interface HtmlService {
      createHtmlOutputFromFile(filename: string): HtmlOutput;
      createTemplateFromFile(filename: string): HtmlTemplate;
    }
  }

  namespace Properties {
    interface Properties {
      deleteProperty(key: string): Properties;
      getKeys(): string[];
      getProperties(): { [key: string]: string };
      getProperty(key: string): string | null;
      setProperty(key: string, value: string): Properties;
    }
    interface PropertiesService {
      getDocumentProperties(): Properties | null;
      getScriptProperties(): Properties;
      getUserProperties(): Properties;
    }
  }

  namespace Spreadsheet {
    interface SpreadsheetApp {
      flush(): void;
      getActiveRange(): Range | null;
      getActiveSpreadsheet(): Spreadsheet;
      getUi(): Base.Ui;
    }
    interface Spreadsheet {
      getId(): string;
      getName(): string;
      getSheetByName(name: string): Sheet | null;
      getSheets(): Sheet[];
      insertSheet(sheetName: string): Sheet;
      toast(msg: string, title?: string, timeoutSeconds?: number): void;
    }
    interface Sheet {
      activate(): Sheet;
      getDataRange(): Range;
      getLastRow(): number;
      getMaxColumns(): number;
      getMaxRows(): number;
      getName(): string;
      getRange(a1Notation: string): Range;
      getRange(row: number, column: number): Range;
      getRange(row: number, column: number, numRows: number): Range;
      getRange(row: number, column: number, numRows: number, numColumns: number): Range;
      getSheetId(): number;
      insertColumnsAfter(afterPosition: number, howMany: number): Sheet;
      insertRowsAfter(afterPosition: number, howMany: number): Sheet;
      setFrozenRows(rows: number): void;
    }
    /** Values as getValues gives them: empty cells are "", dates are Date objects. */
    type CellValue = string | number | boolean | Date;
    interface Range {
      getA1Notation(): string;
      getColumn(): number;
      getFormulas(): string[][];
      getNumColumns(): number;
      getNumRows(): number;
      getRow(): number;
      getSheet(): Sheet;
      getValues(): CellValue[][];
      setFormula(formula: string): Range;
      setNumberFormat(numberFormat: string): Range;
      setValues(values: (string | number | boolean | Date)[][]): Range;
    }
  }

  namespace URL_Fetch {
    type HttpMethod = 'get' | 'delete' | 'patch' | 'post' | 'put';
    interface URLFetchRequestOptions {
      method?: HttpMethod;
      contentType?: string;
      headers?: { [header: string]: string };
      payload?: string;
      muteHttpExceptions?: boolean;
      followRedirects?: boolean;
    }
    interface HTTPResponse {
      getContentText(): string;
      getResponseCode(): number;
    }
    interface UrlFetchApp {
      fetch(url: string, params?: URLFetchRequestOptions): HTTPResponse;
    }
  }

  namespace Cache {
    interface Cache {
      get(key: string): string | null;
      getAll(keys: string[]): { [key: string]: string };
      put(key: string, value: string, expirationInSeconds?: number): void;
      putAll(values: { [key: string]: string }, expirationInSeconds?: number): void;
    }
    interface CacheService {
      getDocumentCache(): Cache | null;
      getScriptCache(): Cache;
    }
  }

  namespace Utilities {
    enum DigestAlgorithm {
      MD5,
      SHA_1,
      SHA_256,
    }
    enum Charset {
      US_ASCII,
      UTF_8,
    }
    interface Utilities {
      readonly DigestAlgorithm: typeof DigestAlgorithm;
      readonly Charset: typeof Charset;
      /** Bytes as Java gives them: signed, -128 to 127. */
      base64EncodeWebSafe(data: number[]): string;
      /** Bytes (Java bytes, as Blob.getBytes gives them) as standard base64. */
      base64Encode(data: number[]): string;
      computeDigest(algorithm: DigestAlgorithm, value: string, charset: Charset): number[];
    }
  }

  namespace Base {
    interface Blob {
      /** Java bytes: signed, -128 to 127. */
      getBytes(): number[];
      getContentType(): string | null;
      getName(): string | null;
    }
  }

  namespace Script {
    interface ScriptApp {
      /** An OpenID Connect ID token for the user; null without the openid scope. */
      getIdentityToken(): string | null;
    }
  }

  namespace Lock {
    interface Lock {
      releaseLock(): void;
      tryLock(timeoutInMillis: number): boolean;
    }
    interface LockService {
      getDocumentLock(): Lock | null;
      getUserLock(): Lock;
    }
  }
}

declare const CacheService: GoogleAppsScript.Cache.CacheService;
declare const HtmlService: GoogleAppsScript.HTML.HtmlService;
declare const LockService: GoogleAppsScript.Lock.LockService;
declare const PropertiesService: GoogleAppsScript.Properties.PropertiesService;
declare const ScriptApp: GoogleAppsScript.Script.ScriptApp;
declare const SpreadsheetApp: GoogleAppsScript.Spreadsheet.SpreadsheetApp;
declare const UrlFetchApp: GoogleAppsScript.URL_Fetch.UrlFetchApp;
declare const Utilities: GoogleAppsScript.Utilities.Utilities;

/** Apps Script V8 has a console that writes to Cloud Logging; the server build has no DOM lib. */
declare const console: {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
};
