import { withScriptRunShim } from '../../../worker/playground/sidebar-page';

/** The sidebar's HTML with google.script.run provided before any of its own scripts. */

describe('withScriptRunShim', () => {
  it("goes first in <head>, whatever the head's attributes, ahead of the page's scripts", () => {
    const html =
      '<!doctype html><html><head lang="en"><script>google.script.run.connect()</script></head></html>';
    const page = withScriptRunShim(html, 'window.shim = 1;', ['connect']);
    expect(page.indexOf('window.shim = 1;')).toBeLessThan(page.indexOf('google.script.run.connect()'));
    expect(page.indexOf('window.__playgroundScriptRun')).toBeLessThan(page.indexOf('window.shim = 1;'));
    expect(page.startsWith('<!doctype html><html><head lang="en">')).toBe(true);
  });

  it('still comes first in a page without a head', () => {
    expect(withScriptRunShim('<p>hi</p>', 'shim()', []).endsWith('<p>hi</p>')).toBe(true);
  });

  it('cannot be cut short by the text it carries', () => {
    const page = withScriptRunShim('<head></head>', 'var s = "</script><b>";', ['a</script>\u2028']);
    expect(page).not.toMatch(/<\/script><b>/);
    expect(page).toContain('"functions":["a\\u003c/script>\\u2028"]');
    expect(page.match(/<\/script>/g)).toHaveLength(2);
  });
});
