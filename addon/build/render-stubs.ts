import type { ServerFunction } from './read-server-exports';

/**
 * One top-level function per public server function, delegating to the bundle's global object.
 * Apps Script (triggers, menus, google.script.run, Sheets' formula help) only sees top-level
 * function declarations, and reads the JSDoc right above each one.
 */
export function renderStubs(functions: readonly ServerFunction[], bundleName: string): string {
  return functions.map((fn) => renderStub(fn, bundleName)).join('\n\n') + '\n';
}

function renderStub(fn: ServerFunction, bundleName: string): string {
  const declared = fn.params.map((param) => (param.rest ? `...${param.name}` : param.name)).join(', ');
  return `${fn.jsDoc}\nfunction ${fn.name}(${declared}) {\n  return ${bundleName}.${fn.name}(${declared});\n}`;
}
