import type { FrameLocator, Locator, Page, Request } from 'playwright-core';
import { PLAYGROUND_ROUTES } from '../../worker/playground/playground-api';
import type { SidebarSection } from '../../addon/bridge-contract/sidebar-section';

/**
 * Driving the add-on's real sidebar (Sidebar.html in the playground's iframe): its sections are
 * tabs `#tab-<section>` with panels `#panel-<section>` (addon/sidebar/ui/tabs.ts).
 */

export function sidebar(page: Page): FrameLocator {
  return page.frameLocator('#sidebar-frame');
}

/** Clicks the section's tab and returns its panel, shown. */
export async function openSection(page: Page, section: SidebarSection): Promise<Locator> {
  const frame = sidebar(page);
  await frame.locator(`#tab-${section}`).click();
  const panel = frame.locator(`#panel-${section}`);
  await panel.waitFor({ state: 'visible' });
  return panel;
}

/** Settings > Connect, then waits until the sidebar says who is connected; returns the Settings panel. */
export async function connect(page: Page): Promise<Locator> {
  const panel = await openSection(page, 'settings');
  await panel.getByRole('button', { name: 'Connect', exact: true }).click();
  await panel.getByText('Connected', { exact: true }).waitFor({ timeout: 30_000 });
  return panel;
}

/**
 * The newest job of a kind, in its section's jobs strip, when its title is given ("E-mail
 * enrichment", "Search", "AI search", "Raw data": JOB_KIND_TITLES in job-progress-text.ts); the
 * strips list newest first (job-progress.ts). Without a title, the newest job of the first strip
 * in page order.
 */
export function latestJob(page: Page, title?: string): Locator {
  const jobs = sidebar(page).locator('.jobs-strip .job');
  return (title === undefined ? jobs : jobs.and(sidebar(page).locator(`[data-title="${title}"]`))).first();
}

/** Waits until the newest job (of that kind) is done, its bar at 100%; returns its card. */
export async function waitForJobDone(page: Page, title?: string, timeout = 90_000): Promise<Locator> {
  const job = latestJob(page, title);
  await job.and(sidebar(page).locator('[data-status="done"]')).waitFor({ timeout });
  return job;
}

/** A control on screen without an accessible name: what it is, and where. */
export interface UnnamedControl {
  element: string;
  id: string;
  text: string;
}

/**
 * The visible form controls and buttons inside `region` that a screen reader would announce
 * without a name: no aria-labelledby text, aria-label, <label>, own text (buttons), value
 * (input buttons) or title. A placeholder does not count: it goes once something is typed.
 */
export function unnamedControls(region: Locator): Promise<UnnamedControl[]> {
  return region
    .locator(
      'input:not([type="hidden"]), select, textarea, button, [role="button"], [role="combobox"], [role="checkbox"], [role="switch"], [role="tab"], a[href]',
    )
    .evaluateAll((elements) => {
      // No named helpers in here: tsx (the screenshot script) would wrap them in a __name() that
      // the page does not have.
      const unnamed: { element: string; id: string; text: string }[] = [];
      for (const element of elements) {
        if (!(element instanceof HTMLElement) || !element.checkVisibility()) continue;
        const names: string[] = [];
        for (const id of (element.getAttribute('aria-labelledby') ?? '').split(/\s+/)) {
          if (id !== '') names.push(element.ownerDocument.getElementById(id)?.textContent ?? '');
        }
        names.push(element.getAttribute('aria-label') ?? '');
        if (
          element instanceof HTMLInputElement ||
          element instanceof HTMLSelectElement ||
          element instanceof HTMLTextAreaElement
        ) {
          for (const label of Array.from(element.labels ?? [])) names.push(label.textContent ?? '');
          if (element instanceof HTMLInputElement && ['button', 'submit', 'reset'].includes(element.type)) {
            names.push(element.value);
          }
        } else names.push(element.textContent ?? '');
        names.push(element.title);
        if (names.join('').trim() !== '') continue;
        unnamed.push({
          element: element.outerHTML.slice(0, 160),
          id: element.id,
          text: (element.parentElement?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80),
        });
      }
      return unnamed;
    });
}

export interface ServerCalls {
  /** Calls sent and not yet answered. */
  pending(): number;
  /** Resolves once no call has been on its way for `quietMs` (what a section asked for on opening has come back). */
  settled(options?: { quietMs?: number; timeout?: number }): Promise<void>;
}

/** Counts the sidebar's google.script.run calls (the shim's requests to the playground) from now on. */
export function trackServerCalls(page: Page): ServerCalls {
  const open = new Set<Request>();
  let lastChange = Date.now();
  const isRun = (request: Request) => new URL(request.url()).pathname === PLAYGROUND_ROUTES.run;
  page.on('request', (request) => {
    if (!isRun(request)) return;
    open.add(request);
    lastChange = Date.now();
  });
  const done = (request: Request) => {
    if (open.delete(request)) lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    pending: () => open.size,
    async settled({ quietMs = 200, timeout = 15_000 } = {}) {
      const deadline = Date.now() + timeout;
      while (open.size > 0 || Date.now() - lastChange < quietMs) {
        if (Date.now() > deadline) {
          throw new Error(`${open.size} server calls still on their way after ${timeout} ms`);
        }
        await page.waitForTimeout(50);
      }
    },
  };
}

/** Closes the sidebar with its × (as a user closes Sheets' sidebar); the page stays. */
export async function closeSidebar(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Close the sidebar' }).click();
  await page.locator('#sidebar-frame').waitFor({ state: 'hidden', timeout: 10_000 });
}

/** Extensions > Creator Sheets > Open sidebar: a fresh sidebar page, as after closing it. */
export async function reopenSidebar(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Extensions', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Open sidebar', exact: true }).click();
  await page.locator('#sidebar-frame').waitFor({ state: 'visible', timeout: 10_000 });
  await sidebar(page).locator('[role="tablist"]').waitFor({ timeout: 10_000 });
}

/**
 * Resolves once the sidebar's next call of the server function `name` (google.script.run.<name>)
 * has been answered: a call the page makes on its own, after a pause (a form kept for next time).
 */
export async function serverCallAnswered(page: Page, name: string, timeout = 15_000): Promise<void> {
  const isCall = (request: Request) =>
    new URL(request.url()).pathname === PLAYGROUND_ROUTES.run &&
    (request.postData() ?? '').startsWith(`{"name":${JSON.stringify(name)}`);
  await page.waitForResponse((response) => isCall(response.request()), { timeout });
}

/** google.script.run.<name>(...args) from the sidebar page, as the sidebar would call it. */
export async function callServer(page: Page, name: string, args: readonly unknown[] = []): Promise<unknown> {
  const frame = page.frame({ url: /\/playground\/sidebar\// });
  if (frame === null) throw new Error('The sidebar is not open');
  return frame.evaluate(
    ([fn, fnArgs]) =>
      new Promise((resolve, reject) => {
        const run = (window as unknown as { google: { script: { run: Record<string, CallableFunction> } } })
          .google.script.run;
        const runner = run.withSuccessHandler(resolve).withFailureHandler(reject) as unknown as Record<
          string,
          (...a: unknown[]) => void
        >;
        runner[fn](...fnArgs);
      }),
    [name, [...args]] as const,
  );
}

/**
 * Resolves once no job is writing into the spreadsheet any more (the add-on's own list of jobs to
 * resume is empty): every row of every job started so far is in the sheet.
 */
export async function waitForJobsWritten(page: Page, timeout = 90_000): Promise<void> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const active = (await callServer(page, 'listActiveJobs')) as unknown[];
    if (active.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${active.length} jobs still writing after ${timeout} ms`);
    await page.waitForTimeout(500);
  }
}

/**
 * Waits for the section's estimate and ticks its "I accept spending up to …" box when it asks for
 * one (a run that costs little or nothing does not); returns the estimate.
 */
export async function acceptCost(panel: Locator, timeout = 30_000): Promise<Locator> {
  const estimate = panel.locator('.estimate');
  await estimate.locator('.cost').waitFor({ timeout });
  const accept = estimate.getByRole('checkbox', { name: /I accept spending up to/ });
  if ((await accept.count()) > 0) await accept.check();
  return estimate;
}

/** Opens a folded group (<details>) of a form; an open one stays open. */
export async function unfold(group: Locator): Promise<void> {
  if ((await group.getAttribute('open')) === null) await group.locator(':scope > summary').click();
}
