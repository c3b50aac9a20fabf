import { verify } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeSigningKey } from '../../../worker/playground/fake-google';
import {
  AppsScriptHost,
  HostRequestError,
  HostUnavailableError,
} from '../../../worker/playground/apps-script-host';
import type { RunAnswer } from '../../../worker/playground/playground-api';
import { tinyHostInit } from './apps-script-host-fixture';
import { writeTinyProject, type TinyProject } from './tiny-project';

/**
 * The playground's Apps Script process, for real: a child process running a small script against
 * the fakes, one request at a time. (The add-on's own build is left to the browser tests.)
 */

let project: TinyProject;
let host: AppsScriptHost;
const key = makeSigningKey('host-test-key');

beforeAll(async () => {
  project = writeTinyProject();
  host = new AppsScriptHost({
    init: tinyHostInit(project.dir, key),
  });
  await host.ready;
}, 30_000);
afterAll(async () => {
  await host?.stop();
  project.remove();
});

describe('AppsScriptHost', () => {
  it('opens the sample spreadsheet with the menu built and the sidebar shown', () => {
    expect(host.status).toMatchObject({
      phase: 'ready',
      functions: expect.arrayContaining(['showSidebar', 'DOUBLE']),
    });
    expect(host.snapshot).toMatchObject({
      activeSheet: 'Leads',
      selection: 'A:A',
      sheets: [{ name: 'Leads' }, { name: 'Creators' }, { name: 'Formulas' }],
      sidebar: { id: 1, title: 'Tiny' },
      menus: [{ caption: 'Creator Sheets', addon: true }],
    });
    expect(host.sidebarPage(1)?.html).toContain('Tiny sidebar');
  });

  it('fills the sample tabs with the addresses and handles it was given', async () => {
    const leads = await host.request({
      type: 'window',
      sheet: 'Leads',
      row: 1,
      column: 1,
      rows: 3,
      columns: 1,
    });
    expect(leads.cells.map((line) => line[0]?.v)).toEqual(['E-mail', 'ana@example.test', 'ben@example.test']);
    const creators = await host.request({
      type: 'window',
      sheet: 'Creators',
      row: 2,
      column: 1,
      rows: 1,
      columns: 1,
    });
    expect(creators.cells[0][0]?.v).toBe('@first.handle');
  });

  it('answers a sidebar call with its value or the error it threw', async () => {
    await expect(host.request({ type: 'run', run: { name: 'readOnly', args: [] } })).resolves.toEqual({
      ok: true,
      value: { sheets: 3 },
    });
    await expect(host.request({ type: 'run', run: { name: 'refuse', args: ['why'] } })).resolves.toEqual({
      ok: false,
      error: { name: 'Error', message: 'Refused: why' },
    });
  });

  it('refuses a request the spreadsheet cannot take, keeping the process', async () => {
    await expect(host.request({ type: 'select', select: { sheet: 'Nowhere', range: null } })).rejects.toThrow(
      new HostRequestError('No sheet "Nowhere"; sheets: Leads, Creators, Formulas'),
    );
    await expect(host.request({ type: 'run', run: { name: 'readOnly', args: [] } })).resolves.toMatchObject({
      ok: true,
    });
  });

  it('runs one request at a time, in the order they came', async () => {
    const order: string[] = [];
    const slow = host
      .request({ type: 'run', run: { name: 'spin', args: [30_000_000] } })
      .then((answer: RunAnswer) => {
        order.push('slow');
        return answer;
      });
    const write = host.request({
      type: 'edit',
      edit: { sheet: 'Formulas', row: 40, column: 1, values: [['queued']] },
    });
    const read = host
      .request({ type: 'window', sheet: 'Formulas', row: 40, column: 1, rows: 1, columns: 1 })
      .then((window) => {
        order.push('read');
        return window;
      });
    expect(host.pending).toBe(3);

    const [, , window] = await Promise.all([slow, write, read]);

    expect(order).toEqual(['slow', 'read']);
    expect(window.cells[0][0]?.v).toBe('queued');
    expect(host.pending).toBe(0);
  });

  it('signs ID tokens for the playground user with the key it was given', async () => {
    const answer = await host.request({ type: 'run', run: { name: 'identityToken', args: [] } });
    if (!answer.ok || typeof answer.value !== 'string')
      throw new Error(`no token: ${JSON.stringify(answer)}`);
    const [header, payload, signature] = answer.value.split('.');

    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      key.publicPem,
      Buffer.from(signature, 'base64url'),
    );
    expect(signed).toBe(true);
    expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toMatchObject({ kid: key.kid });
    expect(JSON.parse(Buffer.from(payload, 'base64url').toString())).toMatchObject({
      aud: 'playground-test-client',
      email: 'you@playground.test',
      email_verified: true,
    });
  });
});

describe('AppsScriptHost when its process dies', () => {
  it('says so, and refuses requests with the reason instead of hanging', async () => {
    const doomed = new AppsScriptHost({
      init: tinyHostInit(project.dir, key),
    });
    try {
      await doomed.ready;
      process.kill(doomed.pid ?? 0, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 300));

      expect(doomed.status.phase).toBe('failed');
      expect(doomed.status.message).toMatch(/Apps Script process stopped \(SIGKILL\)[\s\S]*npm start/);
      await expect(doomed.request({ type: 'addSheet' })).rejects.toBeInstanceOf(HostUnavailableError);
    } finally {
      await doomed.stop();
    }
  }, 30_000);
});

describe('AppsScriptHost with an add-on that cannot load', () => {
  it('fails with a reason and what to do, and refuses requests with it', async () => {
    const broken = writeTinyProject();
    writeFileSync(path.join(broken.dir, 'Code.js'), 'function onOpen( {');
    const host = new AppsScriptHost({
      init: tinyHostInit(broken.dir, key),
    });
    try {
      await expect(host.ready).rejects.toThrow(/The add-on could not be loaded: .*npm start/);
      expect(host.status.phase).toBe('failed');
      await expect(host.request({ type: 'addSheet' })).rejects.toThrow(/could not be loaded/);
    } finally {
      await host.stop();
      broken.remove();
    }
  }, 30_000);
});
