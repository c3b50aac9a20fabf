import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LaunchOptions } from 'playwright-core';

/**
 * Which Chromium the browser tests drive: Debian's (`apt-get install -y chromium`) when the machine
 * has it, otherwise the one `npm ci` installed from the registry (@sparticuz/chromium, a headless
 * Chromium shipped brotli-packed inside the package), so `npm ci && npm test` passes on a machine
 * without Debian's. No test tool downloads a browser, and a browser test never skips.
 *
 * CREATOR_SHEETS_CHROMIUM chooses by hand: `debian`, `sparticuz` (the npm one, even beside
 * Debian's), or the absolute path of a Chromium.
 */

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_SETTING = 'CREATOR_SHEETS_CHROMIUM';
/** What a full Chromium needs in a container: no sandbox (root), no GPU, nothing fetched behind the tests' back. */
const FULL_CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/**
 * Flags of @sparticuz/chromium's recommended set that would make the browser laxer than a user's:
 * the playground's pages are tested under the same-origin rules and mixed-content blocking a
 * browser applies (the rest, single process, no zygote, headless shell, is what the binary needs).
 */
const LAXER_THAN_A_USERS_BROWSER = new Set(['--disable-web-security', '--allow-running-insecure-content']);

const REPO_ROOT = path.resolve(__dirname, '../..');
const NPM_PACKAGE_DIR = path.join(REPO_ROOT, 'node_modules/@sparticuz/chromium');
/** Written last into an unpacked folder: a folder with it is complete. */
const LAUNCH_FILE = 'launch.json';
const FONTS_CONFIG = 'fonts.conf';
const SYSTEM_FONTS_CONFIG = '/etc/fonts/fonts.conf';

export type ChromiumChoice =
  { source: 'debian' | 'path'; executablePath: string } | { source: 'npm'; packageDir: string };

/** The choice for this machine: `setting` is CREATOR_SHEETS_CHROMIUM, `exists` tells whether a file is there. */
export function chooseChromium(
  setting: string | undefined,
  exists: (file: string) => boolean,
): ChromiumChoice {
  const wanted = setting?.trim() ?? '';
  const npm: ChromiumChoice = { source: 'npm', packageDir: NPM_PACKAGE_DIR };
  if (wanted === '')
    return exists(DEBIAN_CHROMIUM) ? { source: 'debian', executablePath: DEBIAN_CHROMIUM } : npm;
  if (wanted === 'sparticuz' || wanted === 'npm') return npm;
  if (wanted === 'debian') {
    if (exists(DEBIAN_CHROMIUM)) return { source: 'debian', executablePath: DEBIAN_CHROMIUM };
    throw new Error(
      `${CHROMIUM_SETTING}=debian, but there is no ${DEBIAN_CHROMIUM}: apt-get install -y chromium, ` +
        `or leave ${CHROMIUM_SETTING} unset to use the Chromium npm installed (@sparticuz/chromium)`,
    );
  }
  if (path.isAbsolute(wanted)) {
    if (exists(wanted)) return { source: 'path', executablePath: wanted };
    throw new Error(`${CHROMIUM_SETTING} names ${wanted}, which does not exist`);
  }
  throw new Error(
    `${CHROMIUM_SETTING} is "${wanted}": use debian, sparticuz, or the absolute path of a Chromium`,
  );
}

/**
 * playwright-core's launch options for `choice`; the npm Chromium is unpacked on first use into
 * a folder of `unpackRoot` named for its version.
 */
export async function chromiumLaunchOptions(
  choice: ChromiumChoice,
  unpackRoot = os.tmpdir(),
): Promise<LaunchOptions> {
  if (choice.source !== 'npm') return { executablePath: choice.executablePath, args: FULL_CHROMIUM_ARGS };
  const unpacked = await unpackNpmChromium(choice.packageDir, unpackRoot);
  const args = unpacked.args.filter((arg) => !LAXER_THAN_A_USERS_BROWSER.has(arg));
  return {
    executablePath: unpacked.executablePath,
    args: [...args, '--disable-background-networking'],
    headless: true,
    // The package brings a font for machines with none, as on AWS Lambda; its own fonts.conf
    // names /tmp/fonts, so the unpacked folder has a config of its own pointing at its copy.
    ...(existsSync(SYSTEM_FONTS_CONFIG)
      ? {}
      : { env: { ...process.env, FONTCONFIG_FILE: path.join(unpacked.dir, FONTS_CONFIG) } }),
  };
}

interface Unpacked {
  dir: string;
  executablePath: string;
  args: string[];
}

/**
 * The npm Chromium, unpacked once per version. The package unpacks into `os.tmpdir()` and takes
 * any file already there for finished, so Jest workers starting at once could launch a
 * half-written binary: each unpacks into a folder of its own (its TMPDIR) and renames it into
 * place, and the first rename wins. The package is ESM-only, which Jest's CommonJS
 * runtime cannot load, so a plain `node` child asks it for the binary and its flags.
 */
async function unpackNpmChromium(packageDir: string, root: string): Promise<Unpacked> {
  const version = (
    JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string }
  ).version;
  const dir = path.join(root, `creator-sheets-chromium-${version}`);
  const done = readUnpacked(dir);
  if (done !== null) return done;
  const staging = mkdtempSync(path.join(root, 'creator-sheets-chromium-unpacking-'));
  try {
    const answer = await askPackage(staging);
    writeFileSync(path.join(staging, FONTS_CONFIG), fontsConfig(dir));
    writeFileSync(
      path.join(staging, LAUNCH_FILE),
      JSON.stringify({ executable: path.relative(staging, answer.executablePath), args: answer.args }),
    );
    try {
      renameSync(staging, dir);
    } catch (error) {
      // Another worker's copy got there first: use it.
      if (readUnpacked(dir) === null) throw error;
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const unpacked = readUnpacked(dir);
  if (unpacked === null) throw new Error(`@sparticuz/chromium did not unpack into ${dir}`);
  return unpacked;
}

/** Fontconfig's file for the package's fonts, once they sit in `dir`. */
function fontsConfig(dir: string): string {
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
    '<fontconfig>',
    `  <dir>${path.join(dir, 'fonts')}</dir>`,
    `  <cachedir>${path.join(dir, 'fonts-cache')}</cachedir>`,
    '</fontconfig>',
    '',
  ].join('\n');
}

function readUnpacked(dir: string): Unpacked | null {
  const file = path.join(dir, LAUNCH_FILE);
  if (!existsSync(file)) return null;
  const saved = JSON.parse(readFileSync(file, 'utf8')) as { executable: string; args: string[] };
  return { dir, executablePath: path.join(dir, saved.executable), args: saved.args };
}

const ASK_PACKAGE = `
import chromium from '@sparticuz/chromium';
const executablePath = await chromium.executablePath();
process.stdout.write(JSON.stringify({ executablePath, args: chromium.args }));
`;

function askPackage(tmpDir: string): Promise<{ executablePath: string; args: string[] }> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--input-type=module', '--eval', ASK_PACKAGE],
      { cwd: REPO_ROOT, env: { ...process.env, TMPDIR: tmpDir } },
      (error, stdout, stderr) => {
        if (error !== null) {
          reject(
            new Error(`@sparticuz/chromium could not unpack its Chromium: ${stderr.trim() || error.message}`),
          );
          return;
        }
        resolve(JSON.parse(stdout) as { executablePath: string; args: string[] });
      },
    );
  });
}
