import path from 'node:path';
import ts from 'typescript';

/**
 * `npm start` runs `tsc -b tsconfig.worker.json` and then the compiled worker. `tsc -b` decides
 * that a build is up to date from the timestamps of the config's root files alone: a source the
 * worker imports that is not a root file can change and leave dist/server stale, so that
 * `npm start` runs yesterday's code. Every file the build compiles must therefore be a root file.
 */

const root = path.resolve(__dirname, '../..');

function parsedWorkerConfig(): ts.ParsedCommandLine {
  const host: ts.ParseConfigFileHost = {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  };
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.worker.json'), {}, host);
  if (parsed === undefined) throw new Error('tsconfig.worker.json could not be read');
  return parsed;
}

describe("the worker's build", () => {
  it('watches every source it compiles, so an edit anywhere rebuilds before `npm start` runs', () => {
    const parsed = parsedWorkerConfig();
    const roots = new Set(parsed.fileNames.map((file) => path.resolve(file)));
    expect(roots).toContain(path.join(root, 'worker/start.ts'));
    const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
    const unwatched = program
      .getSourceFiles()
      .filter((file) => !file.isDeclarationFile && !roots.has(path.resolve(file.fileName)))
      .map((file) => path.relative(root, file.fileName));
    expect(unwatched).toEqual([]);
  });
});
