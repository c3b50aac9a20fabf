import type { TransformPluginContext, TransformResult } from 'rollup';
import { buildConstants } from '../../../addon/build/build-constants-plugin';

function transform(values: Record<string, string>, code: string): TransformResult {
  const plugin = buildConstants(values);
  if (typeof plugin.transform !== 'function') throw new Error('buildConstants has no transform hook');
  return plugin.transform.call({} as TransformPluginContext, code, 'module.ts') as TransformResult;
}

describe('buildConstants', () => {
  it('replaces each whole name with a string literal, every time it occurs', () => {
    const result = transform(
      { __WORKER_URL__: 'https://w.example/"x"' },
      'a(__WORKER_URL__, __WORKER_URL__, __WORKER_URL__X);',
    );
    expect(result).toEqual({
      code: 'a("https://w.example/\\"x\\"", "https://w.example/\\"x\\"", __WORKER_URL__X);',
      map: null,
    });
  });

  it('leaves modules without the name untouched', () => {
    expect(transform({ __WORKER_URL__: 'x' }, 'const a = 1;')).toBeNull();
  });

  it('refuses names that the bundle check would not recognise', () => {
    expect(() => buildConstants({ workerUrl: 'x' })).toThrow('Build constant names look like __NAME__');
  });
});
