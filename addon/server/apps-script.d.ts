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
      getUi(): Base.Ui;
    }
  }
}

declare const HtmlService: GoogleAppsScript.HTML.HtmlService;
declare const PropertiesService: GoogleAppsScript.Properties.PropertiesService;
declare const SpreadsheetApp: GoogleAppsScript.Spreadsheet.SpreadsheetApp;

/** Apps Script V8 has a console that writes to Cloud Logging; the server build has no DOM lib. */
declare const console: {
  log(...data: unknown[]): void;
  info(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  error(...data: unknown[]): void;
};
