import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { SampleData } from '../../../worker/playground/host-protocol';

/**
 * A small Apps Script project for the playground's own tests, written as the build would push it:
 * a menu, a sidebar, a toast, a write to the selection, a custom function, and failures. The real
 * add-on takes seconds to build; the browser tests run that one.
 */
export const TINY_CODE = `
function onOpen() {
  SpreadsheetApp.getUi().createAddonMenu()
    .addItem('Open sidebar', 'showSidebar')
    .addItem('Say hello', 'sayHello')
    .addSeparator()
    .addItem('Break', 'breakDown')
    .addToUi();
}
function showSidebar() {
  SpreadsheetApp.getUi().showSidebar(HtmlService.createHtmlOutputFromFile('Sidebar').setTitle('Tiny'));
}
function sayHello() {
  SpreadsheetApp.getActiveSpreadsheet().toast('Hello from the script', 'Tiny', 3);
}
function breakDown() {
  throw new Error('Broken on purpose');
}
function writeToSelection(text) {
  var range = SpreadsheetApp.getActiveRange();
  range.setValue(text);
  return range.getSheet().getName() + '!' + range.getA1Notation();
}
function readOnly() {
  return { sheets: SpreadsheetApp.getActiveSpreadsheet().getSheets().length };
}
function refuse(reason) {
  throw new Error('Refused: ' + reason);
}
function spin(iterations) {
  var total = 0;
  for (var i = 0; i < iterations; i++) total += i % 7;
  return total;
}
function identityToken() {
  return ScriptApp.getIdentityToken();
}
function newTab(name) {
  SpreadsheetApp.getActiveSpreadsheet().insertSheet(name);
}
/** @customfunction */
function DOUBLE(value) {
  if (Array.isArray(value)) return value.map(function (row) { return row.map(function (v) { return v * 2; }); });
  return value * 2;
}
`;

export const TINY_SIDEBAR =
  '<!doctype html><html><head><title>Tiny</title></head><body><p id="tiny">Tiny sidebar</p></body></html>';

export const TINY_SAMPLE: SampleData = {
  emails: ['ana@example.test', 'ben@example.test'],
  handles: { instagram: ['first.handle', 'second.handle'], tiktok: [], youtube: [] },
};

export interface TinyProject {
  dir: string;
  remove(): void;
}

export function writeTinyProject(): TinyProject {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'playground-tiny-'));
  writeFileSync(path.join(dir, 'Code.js'), TINY_CODE);
  writeFileSync(path.join(dir, 'Sidebar.html'), TINY_SIDEBAR);
  writeFileSync(
    path.join(dir, 'appsscript.json'),
    JSON.stringify({
      timeZone: 'Etc/UTC',
      runtimeVersion: 'V8',
      oauthScopes: ['openid', 'https://www.googleapis.com/auth/userinfo.email'],
    }),
  );
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
