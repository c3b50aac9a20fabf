import type { FunctionHelp, ParameterHelp } from './playground-api';

/**
 * The help Sheets shows while a custom function's name is typed, read as Sheets reads it: from the
 * JSDoc right above a top-level function of the script that carries `@customfunction`
 * (https://developers.google.com/apps-script/guides/sheets/functions#autocomplete): its
 * description, `@param {type} name description` lines and examples. The add-on's build copies
 * that JSDoc onto each stub of Code.js, so the help is the pushed script's own.
 */

const DOC_AND_FUNCTION = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*function\s+([A-Za-z_$][\w$]*)\s*\(/g;
const PARAM = /^\{([^}]*)\}\s+(\[?)([A-Za-z_$][\w$]*)(?:=[^\]]*)?\]?\s*([\s\S]*)$/;
/** The add-on's convention for optional parameters (Sheets' help knows no `[name]`). */
const OPTIONAL = /^Optional[:.]\s*/i;

/**
 * The custom functions of `source` (Code.js) among `globals` (the script's top-level functions:
 * an inner function of the bundle with the same JSDoc is not one Sheets can call), by name.
 */
export function readFunctionHelp(source: string, globals: readonly string[]): FunctionHelp[] {
  const found = new Map<string, FunctionHelp>();
  for (const match of source.matchAll(DOC_AND_FUNCTION)) {
    const [, doc, name] = match;
    if (!globals.includes(name) || name.endsWith('_')) continue;
    const help = readDoc(name, doc);
    // The bundle's inner copy comes first; the top-level stub, last, is the one Sheets reads.
    if (help !== null) found.set(name, help);
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function readDoc(name: string, doc: string): FunctionHelp | null {
  const lines = doc.split('\n').map((line) => line.replace(/^\s*\*?\s?/, '').trimEnd());
  const blocks: string[] = [];
  const description: string[] = [];
  for (const line of lines) {
    if (line.startsWith('@')) blocks.push(line);
    else if (blocks.length > 0) blocks[blocks.length - 1] += ` ${line.trim()}`;
    else description.push(line);
  }
  const tags = blocks.map((block) => {
    const space = block.search(/\s/);
    return space === -1
      ? { tag: block.slice(1), text: '' }
      : { tag: block.slice(1, space), text: block.slice(space + 1).trim() };
  });
  if (!tags.some(({ tag }) => tag.toLowerCase() === 'customfunction')) return null;
  const text = description.join(' ').replace(/\s+/g, ' ').trim();
  return {
    name,
    summary: firstSentence(text),
    description: text,
    parameters: tags.filter(({ tag }) => tag === 'param').flatMap(({ text: param }) => readParam(param)),
    examples: tags.filter(({ tag }) => tag === 'example').map(({ text: example }) => example),
  };
}

function readParam(text: string): ParameterHelp[] {
  const match = PARAM.exec(text);
  if (match === null) return [];
  const [, type, bracket, name, rest] = match;
  const said = rest.replace(/\s+/g, ' ').trim();
  const optional = bracket === '[' || OPTIONAL.test(said);
  const description = said.replace(OPTIONAL, '');
  return [{ name, type, description: description.charAt(0).toUpperCase() + description.slice(1), optional }];
}

function firstSentence(text: string): string {
  const end = text.search(/[.!?](\s|$)/);
  return end === -1 ? text : text.slice(0, end + 1);
}
