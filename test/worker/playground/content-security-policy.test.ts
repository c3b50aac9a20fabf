import { createHash } from 'node:crypto';
import {
  hashesOf,
  playgroundPagePolicy,
  sidebarPagePolicy,
} from '../../../worker/playground/content-security-policy';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Directive name -> its sources. */
function directives(policy: string): Record<string, string[]> {
  return Object.fromEntries(
    policy.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('the playground page policy', () => {
  it('runs and styles only what the worker serves, frames only its own sidebar, and is framed by nobody', () => {
    expect(directives(playgroundPagePolicy())).toMatchObject({
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'frame-src': ["'self'"],
      'connect-src': ["'self'"],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
    });
    expect(playgroundPagePolicy()).not.toContain('unsafe');
  });
});

describe('the sidebar policy', () => {
  const html = [
    '<!doctype html><html><head>',
    '<script>window.config = 1;</script>',
    '<style>body { color: red }</style>',
    '<script src="/elsewhere.js"></script>',
    '</head><body>',
    '<STYLE media="all">\r\np { margin: 0 }\r\n</STYLE>',
    '<script type="module">\nconsole.log("bundle")\n</script >',
    '</body></html>',
  ].join('');

  it('allows each inline script and style by the hash of its text, and nothing else', () => {
    expect(hashesOf(html, 'script')).toEqual([sha('window.config = 1;'), sha('\nconsole.log("bundle")\n')]);
    // Browsers hash what they parsed, where CR LF has become LF.
    expect(hashesOf(html, 'style')).toEqual([sha('body { color: red }'), sha('\np { margin: 0 }\n')]);
    const policy = directives(sidebarPagePolicy(html));
    expect(policy['script-src']).toEqual(hashesOf(html, 'script'));
    expect(policy['style-src']).toEqual(hashesOf(html, 'style'));
    expect(policy).toMatchObject({
      'default-src': ["'none'"],
      'connect-src': ["'self'"],
      'frame-ancestors': ["'self'"],
      'form-action': ["'none'"],
    });
    expect(sidebarPagePolicy(html)).not.toContain('unsafe');
  });

  it("says 'none' for a page without inline scripts rather than leaving the directive empty", () => {
    expect(directives(sidebarPagePolicy('<p>plain</p>'))['script-src']).toEqual(["'none'"]);
  });
});
