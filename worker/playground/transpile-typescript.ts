import path from 'node:path';
import type { Plugin } from 'rollup';
import ts from 'typescript';

/**
 * TypeScript for rollup without type checking: each file is transpiled on its own with the
 * compiler options of `tsconfig`. The repository's tsconfig sets isolatedModules, so the
 * JavaScript is what the type-checking plugin emits; the checking itself is `tsc`'s job. The
 * playground builds in a few seconds this way, and still builds while a file elsewhere in the
 * tree has a type error.
 */
export function transpileTypeScript(tsconfig: string): Plugin {
  const file = path.resolve(tsconfig);
  const read = ts.readConfigFile(file, ts.sys.readFile);
  if (read.error !== undefined) {
    throw new Error(`${file}: ${ts.flattenDiagnosticMessageText(read.error.messageText, '\n')}`);
  }
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(file));
  const compilerOptions: ts.CompilerOptions = {
    ...parsed.options,
    noEmit: false,
    declaration: false,
    sourceMap: false,
    inlineSourceMap: false,
  };
  return {
    name: 'typescript',
    transform(code, id) {
      if (!id.endsWith('.ts')) return null;
      const output = ts.transpileModule(code, { compilerOptions, fileName: id, reportDiagnostics: true });
      const syntaxErrors = output.diagnostics ?? [];
      if (syntaxErrors.length > 0) {
        this.error(
          `${path.relative(process.cwd(), id)}: ${ts.flattenDiagnosticMessageText(syntaxErrors[0].messageText, '\n')}`,
        );
      }
      return { code: output.outputText, map: null };
    },
  };
}
