import { inlinePage } from '../../../addon/build/inline-page';

const TEMPLATE = [
  '<head><link rel="stylesheet" href="./page.css" /></head>',
  '<body data-section="<?= section ?>"><script src="./main.ts"></script></body>',
].join('\n');

describe('inlinePage', () => {
  it('replaces the local script and stylesheet with their content', () => {
    const page = inlinePage(TEMPLATE, {
      scripts: { './main.ts': 'run();\n' },
      styles: { './page.css': 'p { margin: 0; }\n' },
    });
    expect(page).toBe(
      [
        '<head><style>\np { margin: 0; }\n</style></head>',
        '<body data-section="<?= section ?>"><script>\nrun();\n</script></body>',
      ].join('\n'),
    );
  });

  it('keeps a "</script" inside the code from closing the tag early, and "$&" literal', () => {
    const page = inlinePage('<script src="./main.ts"></script>', {
      scripts: { './main.ts': 'const end = "</script>"; const s = "$&";' },
      styles: {},
    });
    expect(page).toBe('<script>\nconst end = "<\\/script>"; const s = "$&";</script>');
  });

  it('refuses a page that would still load something, or files the build does not provide', () => {
    const assets = { scripts: { './main.ts': '' }, styles: { './page.css': '' } };
    expect(() => inlinePage(`${TEMPLATE}<img src="https://cdn.example/logo.png">`, assets)).toThrow(
      'HtmlService serves one file',
    );
    expect(() => inlinePage('<script src="./other.ts"></script>', assets)).toThrow(
      'loads the script "./other.ts", which the build does not provide',
    );
  });

  it('refuses inlined code that HtmlService would read as a scriptlet', () => {
    expect(() =>
      inlinePage('<script src="./main.ts"></script>', {
        scripts: { './main.ts': 'const xml = "<?xml";' },
        styles: {},
      }),
    ).toThrow('HtmlService would read as a template scriptlet');
  });
});
