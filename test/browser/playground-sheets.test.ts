import type { Page } from 'playwright-core';
import {
  addTab,
  cell,
  columnHeader,
  columnWidth,
  formulaInput,
  goTo,
  grid,
  pasteColumn,
  readCells,
  resizeColumn,
  selectTab,
  setCell,
  sheetTab,
  waitForIdle,
} from './grid-driver';
import { startPlaygroundSession, type PlaygroundSession } from './playground-harness';
import { connect } from './sidebar-driver';

/**
 * The playground as a Sheets user expects it: formulas typed the way Sheets takes them (any case,
 * `;` between arguments), a pasted `=1+1` kept whole as text with a note, columns resized by
 * dragging, hover text for cut cells, Escape closing a menu, a new tab scrolled into view, and
 * help while a function name is typed. One worker and one page for the file.
 */

let session: PlaygroundSession;

beforeAll(async () => {
  session = await startPlaygroundSession();
  await connect(session.page);
}, 120_000);
afterAll(async () => {
  await session?.close();
});

const errorToasts = (page: Page) => page.locator('.toast.error');

describe('formulas as a Sheets user types them', () => {
  it('runs a function typed in lower case, as Sheets does', async () => {
    const { page } = session;
    await addTab(page);
    await setCell(page, 'A1', session.emails[0]);
    await setCell(page, 'C1', '=email_search(A1)');
    await setCell(page, 'C5', '=EMAIL_SEARCH(A1)');

    const [lower] = await readCells(page, 'C1:E1');
    const [upper] = await readCells(page, 'C5:E5');
    expect(lower[0]).not.toMatch(/^#|Not connected|^$/);
    expect(lower).toEqual(upper);
    await goTo(page, 'C1');
    await expect(formulaInput(page).inputValue()).resolves.toBe('=email_search(A1)');
  }, 60_000);

  it('takes ; between arguments, as European locales write them, with the same rows as ,', async () => {
    const { page } = session;
    await addTab(page);
    await setCell(page, 'A1', '=EMAIL_SEARCH(Leads!A2:A3; TRUE)');
    await setCell(page, 'A10', '=EMAIL_SEARCH(Leads!A2:A3, TRUE)');

    const semicolons = await readCells(page, 'A1:B3');
    const commas = await readCells(page, 'A10:B12');
    expect(semicolons).toEqual(commas);
    expect(semicolons[0][0]).not.toMatch(/^#/);
    expect(semicolons[1][0]).not.toBe('');
    await expect(errorToasts(page).count()).resolves.toBe(0);
  }, 60_000);

  it('takes a pasted column with =1+1 in it whole: those cells keep their text, with a note', async () => {
    const { page } = session;
    const tab = await addTab(page);
    await pasteColumn(page, 'A1', ['ana@team.test', '=1+1', '=A1', 'last line']);

    await expect(session.cells(tab, 'A1:A4')).resolves.toEqual([
      ['ana@team.test'],
      ['=1+1'],
      ['=A1'],
      ['last line'],
    ]);
    const toast = page.locator('.toast', { hasText: '2 formulas kept as text' });
    await toast.waitFor();
    await expect(toast.textContent()).resolves.toMatch(/hover over a cell with a corner mark/);
    await expect(toast.textContent()).resolves.not.toMatch(/fake/i);
    await expect(errorToasts(page).count()).resolves.toBe(0);

    await goTo(page, 'A2');
    await expect(cell(page, 'A2').getAttribute('class')).resolves.toMatch(/\bnoted\b/);
    await expect(cell(page, 'A2').getAttribute('title')).resolves.toMatch(
      /^The playground works out only a formula that calls one of the add-on's functions.*Google Sheets would calculate =1\+1/,
    );
    await expect(formulaInput(page).inputValue()).resolves.toBe('=1+1');
    await expect(cell(page, 'A4').getAttribute('class')).resolves.not.toMatch(/\bnoted\b/);
  }, 60_000);
});

describe('the grid', () => {
  it('resizes a column by dragging its header edge, keeps the width across tabs, and shows cut text on hover', async () => {
    const { page } = session;
    const tab = await addTab(page);
    const long = 'a-rather-long-address-that-a-column-cuts@example-company.test';
    await setCell(page, 'A1', long);
    await setCell(page, 'A2', 'short');
    await goTo(page, 'A1');
    await expect(cell(page, 'A1').getAttribute('title')).resolves.toBe(long);
    await expect(cell(page, 'A2').getAttribute('title')).resolves.toBeNull();

    const before = await columnWidth(page, 'A');
    const columnBLeft = (await columnHeader(page, 'B').boundingBox())?.x ?? 0;
    // Wide enough for the address in this browser's font (Debian's Chromium and the npm package's
    // measure it differently), with room to spare.
    const by = (await cell(page, 'A1').evaluate((element) => element.scrollWidth - element.clientWidth)) + 60;
    await resizeColumn(page, 'A', by);
    expect(await columnWidth(page, 'A')).toBeCloseTo(before + by, -1);
    expect((await columnHeader(page, 'B').boundingBox())?.x).toBeCloseTo(columnBLeft + by, -1);
    expect((await cell(page, 'A2').boundingBox())?.width).toBeCloseTo(before + by, -1);
    // The whole address fits now: nothing is cut, so no hover text.
    await expect(cell(page, 'A1').getAttribute('title')).resolves.toBeNull();

    await selectTab(page, 'Leads');
    expect(await columnWidth(page, 'A')).toBeCloseTo(before, -1);
    await selectTab(page, tab);
    expect(await columnWidth(page, 'A')).toBeCloseTo(before + by, -1);
  }, 60_000);

  it('closes the open menu with Escape', async () => {
    const { page } = session;
    const extensions = page.getByRole('button', { name: 'Extensions', exact: true });
    await extensions.click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect(extensions.getAttribute('aria-expanded')).resolves.toBe('false');
  }, 30_000);

  it('scrolls a new tab into view in the tab strip', async () => {
    const { page } = session;
    const strip = page.getByRole('tablist');
    let added = '';
    // Enough tabs that the strip scrolls.
    for (let i = 0; i < 40; i++) {
      added = await addTab(page);
      const overflows = await strip.evaluate((element) => element.scrollWidth > element.clientWidth);
      if (overflows && i >= 1) break;
    }
    await expect(strip.evaluate((element) => element.scrollWidth > element.clientWidth)).resolves.toBe(true);
    const stripBox = await strip.boundingBox();
    const tabBox = await sheetTab(page, added).boundingBox();
    if (stripBox === null || tabBox === null) throw new Error('The tab strip is not on screen');
    expect(tabBox.x).toBeGreaterThanOrEqual(stripBox.x - 1);
    expect(tabBox.x + tabBox.width).toBeLessThanOrEqual(stripBox.x + stripBox.width + 1);
    expect(stripBox.x + stripBox.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
    await expect(sheetTab(page, added).getAttribute('aria-selected')).resolves.toBe('true');
  }, 90_000);
});

describe('help while typing a function', () => {
  it("lists the add-on's functions with their help in the formula bar, and shows the parameters once one is chosen", async () => {
    const { page } = session;
    await addTab(page);
    await goTo(page, 'B2');
    const input = formulaInput(page);
    await input.click();
    await input.pressSequentially('=email');

    const list = page.getByRole('listbox', { name: "The add-on's functions" });
    await list.waitFor();
    const option = list.getByRole('option', { name: /EMAIL_SEARCH/ });
    await expect(option.textContent()).resolves.toMatch(
      /EMAIL_SEARCH\(emails, \[with_header\]\)The creator accounts behind e-mail addresses/,
    );
    await expect(list.getByRole('option').count()).resolves.toBe(1);

    await page.keyboard.press('Tab');
    await expect(input.inputValue()).resolves.toBe('=EMAIL_SEARCH(');
    const card = page.getByRole('tooltip');
    await expect(card.textContent()).resolves.toMatch(/emails An e-mail address, or a column of them/);
    await expect(card.locator('.current').textContent()).resolves.toBe('emails');

    await input.pressSequentially('A2:A3; ');
    await expect(card.locator('.current').textContent()).resolves.toBe('[with_header]');
    await expect(card.textContent()).resolves.toMatch(/with_header \(optional\) TRUE/);

    // Escape closes the help and leaves the typing alone; a second Escape cancels it, as before.
    await page.keyboard.press('Escape');
    await card.waitFor({ state: 'hidden' });
    await expect(input.inputValue()).resolves.toBe('=EMAIL_SEARCH(A2:A3; ');
    await page.keyboard.press('Escape');
    await expect(input.inputValue()).resolves.toBe('');
  }, 60_000);

  it('offers the same help in the cell, where Enter takes the chosen function', async () => {
    const { page } = session;
    await goTo(page, 'C3');
    await grid(page).focus();
    await page.keyboard.type('=in');
    const list = page.getByRole('listbox', { name: "The add-on's functions" });
    await list.getByRole('option', { name: /INFLUENCER_REPORT/ }).waitFor();
    await page.keyboard.press('Enter');
    const editor = page.getByLabel('Edit C3');
    await expect(editor.inputValue()).resolves.toBe('=INFLUENCER_REPORT(');
    await expect(page.getByRole('tooltip').locator('.current').textContent()).resolves.toBe('handles');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await editor.waitFor({ state: 'hidden' });
    await waitForIdle(page);
  }, 60_000);
});
