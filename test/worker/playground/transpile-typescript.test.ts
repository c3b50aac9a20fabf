import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rollup } from 'rollup';
import { transpileTypeScript } from '../../../worker/playground/transpile-typescript';

/** TypeScript to JavaScript file by file, with the options of a tsconfig, for the playground's builds. */

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'transpile-'));
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { target: 'ES2019', module: 'ESNext' } }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function build(source: string): Promise<string> {
  const entry = path.join(dir, `entry-${Math.random().toString(36).slice(2)}.ts`);
  writeFileSync(entry, source);
  const bundle = await rollup({
    input: entry,
    plugins: [transpileTypeScript(path.join(dir, 'tsconfig.json'))],
  });
  const { output } = await bundle.generate({ format: 'iife' });
  await bundle.close();
  return output[0].code;
}

describe('transpileTypeScript', () => {
  it("drops the types and lowers syntax to the tsconfig's target, without checking types", async () => {
    const code = await build(
      'const n: number = "not a number" as unknown as number;\nconsole.log(n ?? 1);\n',
    );
    expect(code).not.toContain(': number');
    // ES2019 has no ??; a type error does not stop the build.
    expect(code).not.toContain('??');
    expect(code).toContain('console.log');
  });

  it('fails on a syntax error, naming the file', async () => {
    await expect(build('const = 1;\n')).rejects.toThrow(/entry-\w+\.ts: Variable declaration expected/);
  });
});
