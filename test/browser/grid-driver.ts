import type { Locator, Page } from 'playwright-core';
import { parseA1 } from '../../worker/playground/apps-script/spreadsheet/a1-range-reader';
import { columnLetters } from '../../worker/playground/apps-script/spreadsheet/a1-range-reader';

/**
 * Driving the playground's spreadsheet as a person does: the name box to go somewhere, the
 * formula bar or the cell to type, the column headers to select, the paste dialog for a list.
 * Each helper waits until the page's requests are answered, so the next step sees their effect.
 */

/** Waits until the page has no request on its way and the grid no cells on theirs. */
export async function waitForIdle(page: Page, timeout = 30_000): Promise<void> {
  await page.waitForFunction(
    () => document.body.dataset.pending === '0' && document.getElementById('grid')?.dataset.reading === '0',
    undefined,
    { timeout },
  );
}

export function grid(page: Page): Locator {
  return page.locator('#grid');
}

/** The cell's element on screen (it exists only while scrolled into view). */
export function cell(page: Page, a1: string): Locator {
  return page.locator(`#grid [data-a1="${a1}"]`);
}

/** Types `reference` into the name box: the grid scrolls there and selects it ("B12", "A2:A2001", "A:A"). */
export async function goTo(page: Page, reference: string): Promise<void> {
  const nameBox = page.getByLabel('Cell reference', { exact: false });
  await nameBox.fill(reference);
  await nameBox.press('Enter');
  await waitForIdle(page);
}

/** Selects a range; the script's active range follows (what "from the selection" actions read). */
export async function selectRange(page: Page, reference: string): Promise<void> {
  await goTo(page, reference);
}

/** Clicks a column's header, selecting the whole column ("A"). */
export async function selectColumn(page: Page, letters: string): Promise<void> {
  await page.locator(`#grid [role="columnheader"]`, { hasText: new RegExp(`^${letters}$`) }).click();
  await waitForIdle(page);
}

/** Goes to the cell and types `text` into it through the formula bar ("=EMAIL_SEARCH(A2:A10)" too). */
export async function setCell(page: Page, a1: string, text: string): Promise<void> {
  await goTo(page, a1);
  const formula = page.getByLabel("Formula or value of the cursor's cell");
  await formula.fill(text);
  await formula.press('Enter');
  await waitForIdle(page, 60_000);
}

/** Puts `values` in a column from `at` down, through "Paste a column…". */
export async function pasteColumn(page: Page, at: string, values: readonly string[]): Promise<void> {
  await page.getByRole('button', { name: 'Paste a column…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste a column' });
  await dialog.getByLabel('Values, one per line').fill(values.join('\n'));
  await dialog.getByLabel('Starting at cell').fill(at);
  await dialog.getByRole('button', { name: 'Put in the sheet' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await waitForIdle(page, 60_000);
}

/** Pastes clipboard text (tabs and newlines) at the cursor, as Ctrl+V does. */
export async function pasteText(page: Page, at: string, text: string): Promise<void> {
  await goTo(page, at);
  await grid(page).evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
  await waitForIdle(page, 60_000);
}

/** What the grid shows in `reference` (scrolled into view first; at most a screenful). */
export async function readCells(page: Page, reference: string): Promise<string[][]> {
  const area = parseA1(reference, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
  await goTo(page, reference);
  const rows: string[][] = [];
  for (let row = area.row; row < area.row + area.numRows; row++) {
    const line: string[] = [];
    for (let column = area.column; column < area.column + area.numColumns; column++) {
      line.push((await cell(page, `${columnLetters(column)}${row}`).textContent()) ?? '');
    }
    rows.push(line);
  }
  return rows;
}

export function sheetTab(page: Page, name: string): Locator {
  return page.getByRole('tab', { name, exact: true });
}

export async function selectTab(page: Page, name: string): Promise<void> {
  await sheetTab(page, name).click();
  await waitForIdle(page);
}

export async function tabNames(page: Page): Promise<string[]> {
  return page
    .locator('[role="tab"][data-sheet]')
    .evaluateAll((tabs) => tabs.map((tab) => tab.textContent ?? ''));
}

/** The "+" of the tab bar; returns the new tab's name (it becomes the shown one). */
export async function addTab(page: Page): Promise<string> {
  const before = await tabNames(page);
  await page.getByRole('button', { name: 'Add a tab' }).click();
  await waitForIdle(page);
  const after = await tabNames(page);
  const added = after.find((name) => !before.includes(name));
  if (added === undefined) throw new Error(`No new tab appeared; tabs: ${after.join(', ')}`);
  return added;
}

/** Chooses a menu item: an add-on's are under Extensions. */
export async function clickMenu(page: Page, item: string, menu = 'Extensions'): Promise<void> {
  await page.getByRole('button', { name: menu, exact: true }).click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
  await waitForIdle(page);
}

/** The formula bar's input. */
export function formulaInput(page: Page): Locator {
  return page.getByLabel("Formula or value of the cursor's cell");
}

/** A column's header ("B"). */
export function columnHeader(page: Page, letters: string): Locator {
  return page.locator('#grid [role="columnheader"]', { hasText: new RegExp(`^${letters}$`) });
}

/** The on-screen width of a column, in pixels, from its header. */
export async function columnWidth(page: Page, letters: string): Promise<number> {
  // The grid redraws its headers when a snapshot arrives: a header caught between two draws has
  // no box for a moment, so look again briefly before saying it is not on screen.
  for (let tries = 0; tries < 20; tries++) {
    const box = await columnHeader(page, letters).boundingBox();
    if (box !== null) return box.width;
    await page.waitForTimeout(100);
  }
  throw new Error(`Column ${letters} is not on screen`);
}

/** Drags the right edge of a column's header by `by` pixels (negative: narrower), as in Sheets. */
export async function resizeColumn(page: Page, letters: string, by: number): Promise<void> {
  const edge = columnHeader(page, letters).locator('[data-resize]');
  const box = await edge.boundingBox();
  if (box === null) throw new Error(`Column ${letters} is not on screen`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + by / 2, y, { steps: 4 });
  await page.mouse.move(x + by, y, { steps: 4 });
  await page.mouse.up();
  await waitForIdle(page);
  // The grid redraws at the next animation frame (cut text and its hover among it): two frames on,
  // it has.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}
