import type { Plugin } from 'rollup';

/**
 * Replaces each `__NAME__` identifier with its value as a JavaScript literal, after TypeScript has
 * compiled the module (the source declares it with `declare const`). Unknown `__NAME__`s are
 * left in place for the bundle check to report.
 */
export function buildConstants(values: Readonly<Record<string, string | number | boolean>>): Plugin {
  const names = Object.keys(values);
  for (const name of names) {
    if (!/^__[A-Z0-9_]+__$/.test(name))
      throw new Error(`Build constant names look like __NAME__, got "${name}"`);
  }
  const pattern = new RegExp(`\\b(${names.join('|')})\\b`, 'g');
  return {
    name: 'build-constants',
    transform(code) {
      if (names.length === 0 || !pattern.test(code)) return null;
      pattern.lastIndex = 0;
      return { code: code.replace(pattern, (name: string) => JSON.stringify(values[name])), map: null };
    },
  };
}
