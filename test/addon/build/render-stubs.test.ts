import vm from 'node:vm';
import { renderStubs } from '../../../addon/build/render-stubs';
import type { ServerFunction } from '../../../addon/build/read-server-exports';

function fn(
  name: string,
  params: { name: string; rest?: boolean }[],
  jsDoc = `/** ${name}. */`,
): ServerFunction {
  return {
    name,
    params: params.map((param) => ({ name: param.name, rest: param.rest ?? false })),
    jsDoc,
    customFunction: false,
    location: 'index.ts:1',
  };
}

describe('renderStubs', () => {
  it('writes one documented top-level function per public function, with its parameter names', () => {
    const stubs = renderStubs(
      [fn('REPORT', [{ name: 'handles' }, { name: 'with_header' }], '/**\n * Rows.\n */')],
      'Bundle',
    );
    expect(stubs).toBe(
      '/**\n * Rows.\n */\nfunction REPORT(handles, with_header) {\n  return Bundle.REPORT(handles, with_header);\n}\n',
    );
  });

  it('delegates every argument to the bundle, rest parameters included', () => {
    const stubs = renderStubs(
      [fn('sum', [{ name: 'first' }, { name: 'more', rest: true }]), fn('none', [])],
      'Bundle',
    );
    const scope = vm.createContext({
      Bundle: {
        sum: (first: number, ...more: number[]) => more.reduce((total, n) => total + n, first),
        none: () => 'called',
      },
    });
    vm.runInContext(stubs, scope);
    expect(vm.runInContext('sum(1, 2, 3, 4)', scope)).toBe(10);
    expect(vm.runInContext('none()', scope)).toBe('called');
  });
});
