import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { chooseChromium, chromiumLaunchOptions, DEBIAN_CHROMIUM } from './chromium-path';

/** Which Chromium the browser tests drive, and that the one npm installed really runs. */

const withDebian = (file: string) => file === DEBIAN_CHROMIUM;
const withNothing = () => false;

describe('chooseChromium', () => {
  it("takes Debian's Chromium when the machine has it, else the one npm installed", () => {
    expect(chooseChromium(undefined, withDebian)).toEqual({
      source: 'debian',
      executablePath: DEBIAN_CHROMIUM,
    });
    expect(chooseChromium('', withNothing)).toEqual({ source: 'npm', packageDir: expect.any(String) });
  });

  it('takes the npm one on request even beside Debian’s, or a Chromium named by its path', () => {
    expect(chooseChromium('sparticuz', withDebian).source).toBe('npm');
    expect(chooseChromium('/opt/chrome/chrome', (file) => file === '/opt/chrome/chrome')).toEqual({
      source: 'path',
      executablePath: '/opt/chrome/chrome',
    });
  });

  it('says what to do when the Chromium asked for is not there or the setting means nothing', () => {
    expect(() => chooseChromium('debian', withNothing)).toThrow('apt-get install -y chromium');
    expect(() => chooseChromium('/opt/none/chrome', withNothing)).toThrow(
      '/opt/none/chrome, which does not exist',
    );
    expect(() => chooseChromium('firefox', withDebian)).toThrow(
      'use debian, sparticuz, or the absolute path of a Chromium',
    );
  });
});

describe('the Chromium npm installed (@sparticuz/chromium)', () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'chromium-path-'));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('unpacks once when several test workers ask at the same time, and renders a page', async () => {
    const choice = chooseChromium('sparticuz', existsSync);
    const [first, second] = await Promise.all([
      chromiumLaunchOptions(choice, root),
      chromiumLaunchOptions(choice, root),
    ]);
    expect(second.executablePath).toBe(first.executablePath);
    // The losing copy is gone: one unpacked Chromium, no half-written folder left behind.
    expect(readdirSync(root)).toEqual([expect.stringMatching(/^creator-sheets-chromium-\d+\.\d+\.\d+$/)]);
    const browser = await chromium.launch(first);
    try {
      const page = await browser.newPage();
      await page.setContent('<title>Creator Sheets</title><p id="text">Rendered</p>');
      expect(await page.title()).toBe('Creator Sheets');
      expect(await page.locator('#text').textContent()).toBe('Rendered');
    } finally {
      await browser.close();
    }
  }, 120_000);
});
