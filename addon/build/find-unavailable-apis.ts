import type { Node } from 'estree';
import { parseAst } from 'rollup/parseAst';

/**
 * Globals that exist in Node or browsers but not in Apps Script V8, with what to use instead. A
 * bundle that reaches one of them only fails once pushed, at the moment a user clicks, so the build
 * refuses it instead.
 */
const UNAVAILABLE_GLOBALS: Readonly<Record<string, string>> = {
  require: "Node's module system",
  module: "Node's module system",
  exports: "Node's module system",
  __dirname: 'Node',
  __filename: 'Node',
  process: 'Node',
  Buffer: 'Node (use Utilities.newBlob)',
  global: 'Node (use globalThis)',
  setImmediate: 'Node',
  setTimeout: 'timers (use Utilities.sleep)',
  setInterval: 'timers (use Utilities.sleep)',
  clearTimeout: 'timers',
  clearInterval: 'timers',
  fetch: 'the fetch API (use UrlFetchApp.fetch)',
  XMLHttpRequest: 'the browser (use UrlFetchApp.fetch)',
  window: 'the browser',
  document: 'the browser',
  URL: 'URL (not in Apps Script V8)',
  URLSearchParams: 'URLSearchParams (not in Apps Script V8)',
  TextEncoder: 'TextEncoder (use Utilities.newBlob)',
  TextDecoder: 'TextDecoder (use Utilities.newBlob)',
  atob: 'atob (use Utilities.base64Decode)',
  btoa: 'btoa (use Utilities.base64Encode)',
};

/** Build-time constants look like `__NAME__`; one left in the output was never replaced. */
const BUILD_CONSTANT = /^__[A-Z0-9_]+__$/;

type Parent = { node: Node; key: string };

/**
 * Lists, one sentence each, the module syntax and the Node or browser globals that `code` uses and
 * Apps Script V8 lacks. A name declared anywhere in the code counts as local: a whole-file
 * approximation of scope, enough for bundler output, whose names do not shadow these globals.
 */
export function findUnavailableApis(code: string): string[] {
  const program = parseAst(code);
  const declared = new Set<string>();
  const references: { name: string; start: number }[] = [];
  const problems: { start: number; message: string }[] = [];

  walk(program as Node, undefined, (node, parent) => {
    switch (node.type) {
      case 'ImportDeclaration':
      case 'ImportExpression':
        problems.push({ start: start(node), message: 'an import (Apps Script has no modules)' });
        break;
      case 'ExportNamedDeclaration':
      case 'ExportDefaultDeclaration':
      case 'ExportAllDeclaration':
        problems.push({ start: start(node), message: 'an export (Apps Script has no modules)' });
        break;
      case 'MetaProperty':
        problems.push({
          start: start(node),
          message: `${node.meta.name}.${node.property.name} (Apps Script has no modules)`,
        });
        break;
      case 'VariableDeclarator':
        collectPatternNames(node.id, declared);
        break;
      case 'FunctionDeclaration':
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        if (node.type !== 'ArrowFunctionExpression' && node.id) declared.add(node.id.name);
        node.params.forEach((param) => collectPatternNames(param, declared));
        break;
      case 'ClassDeclaration':
      case 'ClassExpression':
        if (node.id) declared.add(node.id.name);
        break;
      case 'CatchClause':
        if (node.param) collectPatternNames(node.param, declared);
        break;
      case 'Identifier':
        if (isReference(parent)) references.push({ name: node.name, start: start(node) });
        break;
    }
  });

  for (const { name, start: at } of references) {
    if (declared.has(name)) continue;
    if (Object.prototype.hasOwnProperty.call(UNAVAILABLE_GLOBALS, name)) {
      problems.push({
        start: at,
        message: `${name}: ${UNAVAILABLE_GLOBALS[name]}, not available in Apps Script`,
      });
    } else if (BUILD_CONSTANT.test(name)) {
      problems.push({ start: at, message: `${name}: a build constant the build did not replace` });
    }
  }
  return problems
    .sort((a, b) => a.start - b.start)
    .map(({ start: at, message }) => `line ${lineOf(code, at)}: ${message}`);
}

function walk(
  node: Node,
  parent: Parent | undefined,
  visit: (node: Node, parent: Parent | undefined) => void,
): void {
  visit(node, parent);
  for (const [key, value] of Object.entries(node)) {
    const children: unknown[] = Array.isArray(value) ? value : [value];
    for (const child of children) {
      if (isNode(child)) walk(child, { node, key }, visit);
    }
  }
}

function isNode(value: unknown): value is Node {
  return (
    typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string'
  );
}

/** Whether an identifier reads a variable, rather than naming a property, key or label. */
function isReference(parent: Parent | undefined): boolean {
  if (parent === undefined) return true;
  const { node, key } = parent;
  switch (node.type) {
    case 'MemberExpression':
      return key !== 'property' || node.computed;
    case 'Property':
    case 'MethodDefinition':
    case 'PropertyDefinition':
      return key !== 'key' || node.computed;
    case 'LabeledStatement':
    case 'BreakStatement':
    case 'ContinueStatement':
      return false;
    default:
      return true;
  }
}

function collectPatternNames(pattern: Node, names: Set<string>): void {
  switch (pattern.type) {
    case 'Identifier':
      names.add(pattern.name);
      break;
    case 'ObjectPattern':
      for (const property of pattern.properties) {
        collectPatternNames(property.type === 'RestElement' ? property.argument : property.value, names);
      }
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements) if (element) collectPatternNames(element, names);
      break;
    case 'RestElement':
      collectPatternNames(pattern.argument, names);
      break;
    case 'AssignmentPattern':
      collectPatternNames(pattern.left, names);
      break;
  }
}

/** Rollup's parser adds character offsets to every node. */
function start(node: Node): number {
  return (node as Node & { start: number }).start;
}

function lineOf(code: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (code.charCodeAt(i) === 10) line++;
  return line;
}
