import { readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {
  findAppsScriptReferences,
  type AppsScriptReference,
} from '../../../addon/build/apps-script-references';

/**
 * The add-on is typed against the whole of Apps Script (@types/google-apps-script), but tested
 * against the fakes of worker/playground/apps-script, which model only part of it. This test keeps
 * the two together: every Apps Script global, member and option the server code reaches must exist
 * in the fakes, so a new call fails here, where it is cheap to add to the fakes with the platform's
 * rules, instead of passing the type check and breaking every test that runs it.
 */

const ROOT = path.resolve(__dirname, '../../..');
const SERVER_TSCONFIG = path.join(ROOT, 'addon/server/tsconfig.json');
const FAKES_DIR = path.join(ROOT, 'worker/playground/apps-script');

/**
 * A fake is named for what it models: FakeRange for Range (letter case aside, so FakeHttpResponse
 * models HTTPResponse). These are the exceptions, Apps Script's name to the fakes' type.
 */
const FAKE_TYPE_FOR: Readonly<Record<string, string>> = {
  URLFetchRequestOptions: 'FetchParams',
};

interface FakeSurface {
  /** Members by lower-cased type name (`fakerange` -> getValues, setValues, ...). */
  members: Map<string, Set<string>>;
  /** `ButtonSet.OK`, `Charset.UTF_8`: the values of the enums the fakes hang off their services. */
  enumMembers: Set<string>;
  /** What a script sees as its global names (createAppsScriptFakes().globals). */
  globals: Set<string>;
}

let references: AppsScriptReference[];
let surface: FakeSurface;

beforeAll(() => {
  references = findAppsScriptReferences(SERVER_TSCONFIG);
  surface = readFakeSurface(FAKES_DIR);
}, 120_000);

describe('the Apps Script the add-on server reaches', () => {
  it('is found at all: the globals and members every run uses', () => {
    const names = references.map((reference) => reference.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'SpreadsheetApp',
        'SpreadsheetApp.getActiveSpreadsheet',
        'Range.setValues',
        'UrlFetchApp.fetch',
        'URLFetchRequestOptions.muteHttpExceptions',
        'Charset.UTF_8',
      ]),
    );
  });

  it('is checked against the fakes for real: what no fake has is not modelled', () => {
    expect(isModelled('Range.setValues', surface)).toBe(true);
    expect(isModelled('Range.getMergedRanges', surface)).toBe(false);
    expect(isModelled('ButtonSet.OK_CANCEL', surface)).toBe(true);
    expect(isModelled('DocumentApp', surface)).toBe(false);
  });

  it('is modelled by the fakes, member by member', () => {
    const unmodelled = references
      .filter((reference) => !isModelled(reference.name, surface))
      .map(({ name, location }) => `${name} (${location})`);
    // Each line is a call the fakes lack: add it to the fake, holding to Apps Script's rules for it.
    expect(unmodelled).toEqual([]);
  });
});

function isModelled(name: string, fakes: FakeSurface): boolean {
  const dot = name.indexOf('.');
  if (dot < 0) return fakes.globals.has(name);
  const owner = name.slice(0, dot);
  const member = name.slice(dot + 1);
  const fakeType = (FAKE_TYPE_FOR[owner] ?? `Fake${owner}`).toLowerCase();
  return fakes.members.get(fakeType)?.has(member) === true || fakes.enumMembers.has(name);
}

/** The fakes' classes and interfaces with their public members, read with the type checker. */
function readFakeSurface(dir: string): FakeSurface {
  // The fakes sit in a folder per service family (spreadsheet/, runtime/, ...): read them all.
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => path.join(dir, file));
  const program = ts.createProgram(files, { noEmit: true, strict: true, types: ['node'] });
  const checker = program.getTypeChecker();
  const fakes: FakeSurface = { members: new Map(), enumMembers: new Set(), globals: new Set() };
  for (const file of files) {
    const source = program.getSourceFile(file);
    if (source === undefined) throw new Error(`Cannot read ${file}`);
    ts.forEachChild(source, (node) => readDeclaration(node, checker, fakes));
    if (path.basename(file) === 'create-fakes.ts') readGlobals(source, fakes.globals);
  }
  return fakes;
}

function readDeclaration(node: ts.Node, checker: ts.TypeChecker, fakes: FakeSurface): void {
  if (!(ts.isClassDeclaration(node) || ts.isInterfaceDeclaration(node)) || node.name === undefined) return;
  const symbol = checker.getSymbolAtLocation(node.name);
  if (symbol === undefined) return;
  const members = new Set<string>();
  for (const property of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(symbol))) {
    if (!isPublic(property)) continue;
    members.add(property.name);
    // Apps Script hangs enums off its services under capitalised names (Ui.ButtonSet).
    if (/^[A-Z]/.test(property.name)) {
      for (const value of checker.getPropertiesOfType(checker.getTypeOfSymbol(property))) {
        fakes.enumMembers.add(`${property.name}.${value.name}`);
      }
    }
  }
  fakes.members.set(node.name.text.toLowerCase(), members);
}

function isPublic(property: ts.Symbol): boolean {
  return (property.declarations ?? []).every(
    (declaration) =>
      (ts.getCombinedModifierFlags(declaration) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) ===
      0,
  );
}

/** The keys of `globals: { ... }` in createAppsScriptFakes. */
function readGlobals(source: ts.SourceFile, globals: Set<string>): void {
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      ts.isIdentifier(node.name) &&
      node.name.text === 'globals' &&
      ts.isObjectLiteralExpression(node.initializer)
    ) {
      for (const property of node.initializer.properties) {
        if (property.name !== undefined && ts.isIdentifier(property.name)) globals.add(property.name.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}
