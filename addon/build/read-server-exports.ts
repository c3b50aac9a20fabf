import path from 'node:path';
import ts from 'typescript';

/** A function of the server's public surface, as the Apps Script stub needs it. */
export interface ServerFunction {
  /** The exported name: the name Apps Script calls. */
  name: string;
  /** Parameter names as declared, so the stub reads like the source. */
  params: StubParameter[];
  /** The declaration's JSDoc block, `/**` to `*\/`, re-indented to column 0. */
  jsDoc: string;
  customFunction: boolean;
  /** `file:line` of the declaration, for error messages. */
  location: string;
}

export interface StubParameter {
  name: string;
  rest: boolean;
}

type FunctionLike = ts.FunctionDeclaration | ts.ArrowFunction | ts.FunctionExpression;

/**
 * Reads the exports of the server entry with the TypeScript compiler, following re-exports, and
 * describes each exported function. Throws a readable error for anything Apps Script could not
 * call by name. Only symbols are resolved, nothing is type checked (the TypeScript plugin does).
 */
export function readServerExports(entryFile: string): ServerFunction[] {
  const entry = path.resolve(entryFile);
  const program = ts.createProgram([entry], {
    noLib: true,
    types: [],
    noEmit: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ES2019,
  });
  const source = program.getSourceFile(entry);
  if (source === undefined) throw new Error(`Cannot read the server entry ${entryFile}`);
  const checker = program.getTypeChecker();
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (moduleSymbol === undefined)
    throw new Error(`${entryFile} exports nothing: Apps Script would have no function to call`);

  const functions: ServerFunction[] = [];
  for (const exported of checker.getExportsOfModule(moduleSymbol)) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    // Types and interfaces vanish from the bundle; only values can become stubs.
    if ((target.flags & ts.SymbolFlags.Value) === 0) continue;
    functions.push(describeFunction(exported.name, target, entryFile));
  }
  return functions;
}

function describeFunction(name: string, symbol: ts.Symbol, entryFile: string): ServerFunction {
  const declarations = symbol.declarations ?? [];
  const implementation = declarations.map(functionOf).find((fn) => fn !== undefined && fn.body !== undefined);
  const first = declarations[0];
  const location = first === undefined ? entryFile : locationOf(first);
  if (name === 'default') {
    throw new Error(
      `${location}: a default export has no name Apps Script could call; export a named function`,
    );
  }
  if (implementation === undefined || first === undefined) {
    throw new Error(
      `${location}: ${entryFile} exports "${name}", which is not a function; ` +
        'Apps Script calls functions only, so export nothing else from the server entry',
    );
  }
  if (name.endsWith('_')) {
    throw new Error(
      `${location}: "${name}" ends with "_", which Apps Script treats as private: ` +
        'no menu, sidebar or formula could call it',
    );
  }
  // Overloads carry their JSDoc on the first signature; arrow functions on the variable statement.
  const documented = ts.isVariableDeclaration(first) ? first : (declarations.find(functionOf) ?? first);
  const jsDoc = jsDocOf(documented);
  if (jsDoc === undefined) {
    throw new Error(
      `${location}: "${name}" is public but has no JSDoc; write one, the build copies it onto the ` +
        'Apps Script stub where the editor and Sheets show it',
    );
  }
  const params = implementation.parameters
    .filter((param) => !(ts.isIdentifier(param.name) && param.name.text === 'this'))
    .map((param, index) => ({
      name: ts.isIdentifier(param.name) ? param.name.text : `arg${index + 1}`,
      rest: param.dotDotDotToken !== undefined,
    }));
  const tags = ts.getJSDocTags(documented);
  const customFunction = tags.some((tag) => tag.tagName.text.toLowerCase() === 'customfunction');
  if (customFunction) checkCustomFunctionDoc(name, location, params, tags);
  return { name, params, jsDoc, customFunction, location };
}

function functionOf(declaration: ts.Declaration): FunctionLike | undefined {
  if (ts.isFunctionDeclaration(declaration)) return declaration;
  if (ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined) {
    const init = declaration.initializer;
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return init;
  }
  return undefined;
}

/** Sheets builds a formula's help from these tags, so a custom function without them is half-documented. */
function checkCustomFunctionDoc(
  name: string,
  location: string,
  params: StubParameter[],
  tags: readonly ts.JSDocTag[],
): void {
  const documented = new Set(
    tags.filter(ts.isJSDocParameterTag).map((tag) => (ts.isIdentifier(tag.name) ? tag.name.text : '')),
  );
  const missing = params.filter((param) => !documented.has(param.name)).map((param) => param.name);
  if (missing.length > 0) {
    throw new Error(`${location}: custom function ${name} has no @param for ${missing.join(', ')}`);
  }
  // Sheets' formula help knows `@param {type} name description` only: Google documents no optional
  // syntax (https://developers.google.com/apps-script/guides/sheets/functions#autocomplete), and
  // the help matches @param names to the stub's declared parameters, which "[name]" is not.
  const bracketed = tags.filter(ts.isJSDocParameterTag).filter((tag) => tag.isBracketed);
  if (bracketed.length > 0) {
    const names = bracketed.map((tag) => `[${tag.name.getText()}]`).join(', ');
    throw new Error(
      `${location}: custom function ${name} documents ${names} in brackets; Sheets' formula help ` +
        'matches plain names only: write the name alone and say "Optional:" in its description',
    );
  }
  if (!tags.some((tag) => ['return', 'returns'].includes(tag.tagName.text))) {
    throw new Error(`${location}: custom function ${name} has no @return`);
  }
}

function jsDocOf(node: ts.Node): string | undefined {
  const blocks = ts.getJSDocCommentsAndTags(node).filter(ts.isJSDoc);
  const block = blocks[blocks.length - 1];
  if (block === undefined) return undefined;
  const text = block.getSourceFile().text.slice(block.getStart(), block.getEnd());
  return text
    .split('\n')
    .map((line, index) => (index === 0 ? line.trim() : ` ${line.trim()}`))
    .join('\n');
}

function locationOf(node: ts.Node): string {
  const source = node.getSourceFile();
  const { line } = source.getLineAndCharacterOfPosition(node.getStart());
  return `${path.relative(process.cwd(), source.fileName)}:${line + 1}`;
}
