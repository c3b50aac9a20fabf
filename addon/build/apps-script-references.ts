import path from 'node:path';
import ts from 'typescript';

/** One piece of Apps Script that code reaches, as @types/google-apps-script declares it. */
export interface AppsScriptReference {
  /**
   * `Owner.member` for a member of an interface or enum (`Range.getValues`, `Charset.UTF_8`,
   * `URLFetchRequestOptions.muteHttpExceptions`), the bare name for a global (`SpreadsheetApp`).
   */
  name: string;
  /** `file:line` of the first use, relative to the working directory. */
  location: string;
}

const DECLARED_BY = `${path.sep}@types${path.sep}google-apps-script${path.sep}`;

/**
 * Every Apps Script global and member that the program of `tsconfigFile` reaches at run time:
 * property reads and calls, and the keys of object literals typed as Apps Script options. Types
 * only named in annotations are left out, since nothing of them runs. The symbols come from the
 * type checker, so `range.getValues()` counts whatever the variable is called, and a same-named
 * method of the add-on's own does not.
 */
export function findAppsScriptReferences(tsconfigFile: string): AppsScriptReference[] {
  const program = programOf(tsconfigFile);
  const checker = program.getTypeChecker();
  const found = new Map<string, string>();
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || source.fileName.includes('/node_modules/')) continue;
    const visit = (node: ts.Node): void => {
      // A call spread over lines is reported where its member is named, not where the chain starts.
      const at = ts.isPropertyAccessExpression(node) ? node.name : node;
      for (const name of referencedNames(node, checker)) {
        if (!found.has(name)) found.set(name, locationOf(at));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found]
    .map(([name, location]) => ({ name, location }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function programOf(tsconfigFile: string): ts.Program {
  const read = ts.readConfigFile(tsconfigFile, (file) => ts.sys.readFile(file));
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'));
  const config = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(path.resolve(tsconfigFile)));
  return ts.createProgram({ rootNames: config.fileNames, options: { ...config.options, noEmit: true } });
}

/** The Apps Script names one node reaches: none for most nodes. */
function referencedNames(node: ts.Node, checker: ts.TypeChecker): string[] {
  if (ts.isPropertyAccessExpression(node)) return namesOf(checker.getSymbolAtLocation(node.name));
  if (ts.isObjectLiteralExpression(node)) return optionNames(node, checker);
  if (ts.isIdentifier(node) && isGlobalRead(node)) {
    const symbol = checker.getSymbolAtLocation(node);
    // A namespace (GoogleAppsScript) or a type has no value to read; a declared variable does.
    if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Variable) return namesOf(symbol);
  }
  return [];
}

/** `{ muteHttpExceptions: true }` passed as URLFetchRequestOptions reaches that option. */
function optionNames(literal: ts.ObjectLiteralExpression, checker: ts.TypeChecker): string[] {
  const type = checker.getContextualType(literal);
  if (type === undefined) return [];
  return literal.properties.flatMap((property) => {
    const key = property.name;
    if (key === undefined || !(ts.isIdentifier(key) || ts.isStringLiteral(key))) return [];
    return namesOf(checker.getPropertyOfType(type, key.text));
  });
}

/** An identifier read as a value on its own, not the member name of `a.b`. */
function isGlobalRead(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if (ts.isQualifiedName(parent) || ts.isTypeReferenceNode(parent)) return false;
  return ts.isExpression(node);
}

/** A symbol's names where @types/google-apps-script declares it (a union's member has several). */
function namesOf(symbol: ts.Symbol | undefined): string[] {
  if (symbol === undefined) return [];
  const names = new Set<string>();
  for (const declaration of symbol.declarations ?? []) {
    if (!declaration.getSourceFile().fileName.includes(DECLARED_BY)) continue;
    const owner = ownerOf(declaration);
    names.add(owner === undefined ? symbol.name : `${owner}.${symbol.name}`);
  }
  // An index signature (a template's variables) is no member anything could lack.
  return [...names].filter((name) => !name.endsWith(`.${ts.InternalSymbolName.Index}`));
}

/** The interface or enum declaring a member; undefined for a global variable. */
function ownerOf(declaration: ts.Declaration): string | undefined {
  const parent = declaration.parent;
  if (ts.isInterfaceDeclaration(parent) || ts.isEnumDeclaration(parent) || ts.isClassDeclaration(parent)) {
    return parent.name?.text;
  }
  return undefined;
}

function locationOf(node: ts.Node): string {
  const source = node.getSourceFile();
  const { line } = source.getLineAndCharacterOfPosition(node.getStart());
  return `${path.relative(process.cwd(), source.fileName)}:${line + 1}`;
}
