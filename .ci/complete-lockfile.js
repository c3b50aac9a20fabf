#!/usr/bin/env node
// The registry this project installs from serves only the native builds for this machine's
// platform (linux x64 glibc), so `npm install` writes a lockfile without the other platforms'
// optional packages (@rollup/rollup-*, @swc/core-*, @unrs/resolver-binding-*), and `npm ci` then
// refuses it as "not in sync". This adds an entry for each such package with the os/cpu/libc its
// name declares: npm ci skips them on other platforms' grounds without fetching anything, exactly
// as it would with a complete lockfile. Run it after any `npm install` that rewrites the lockfile:
//   node .ci/complete-lockfile.js
const fs = require('node:fs');
const path = require('node:path');

const file = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const OS = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openharmony',
  'netbsd',
  'openbsd',
  'sunos',
  'aix',
];
const CPU = ['arm', 'arm64', 'x64', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu = parts.find((part) => CPU.includes(part));
  if (!cpu) return null;
  const entry = { cpu: [cpu] };
  if (os) entry.os = [os];
  if (os === 'linux') {
    if (parts.some((part) => part.startsWith('musl'))) entry.libc = ['musl'];
    else if (parts.some((part) => part.startsWith('gnu'))) entry.libc = ['glibc'];
  }
  return entry;
}

let added = 0;
for (const [location, pkg] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const nested = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) throw new Error(`${name} is missing from the lockfile and its name names no platform`);
    lock.packages[`node_modules/${name}`] = {
      version,
      ...(pkg.dev ? { dev: true } : {}),
      optional: true,
      ...platform,
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} optional platform entries`);
