import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A `.cpuprofile` (what `node --cpu-prof` writes) summed up as the README's performance section
 * shows it: where the samples fell by function (self time, and total time with what it called),
 * and by place (a package, a file of this repository, or the engine's own work).
 */

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  /** µs of the monotonic clock (process.hrtime's). */
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface CostLine {
  what: string;
  /** Share of the busy samples (idle excluded), 0 to 1. */
  share: number;
  ms: number;
}

export interface CpuSummary {
  /** Sampled time not idle, ms. */
  busyMs: number;
  selfByFunction: CostLine[];
  totalByFunction: CostLine[];
  selfByPlace: CostLine[];
}

const ENGINE_FRAMES = new Set(['(program)', '(garbage collector)', '(root)']);

/** `worker/src/x.ts`, `node_modules/pkg`, `node:internal/...`, or the engine's `(garbage collector)`. */
function placeOf(frame: CallFrame, root: string): string {
  if (ENGINE_FRAMES.has(frame.functionName) && frame.url === '') return frame.functionName;
  const url = frame.url.replace(/^file:\/\//, '');
  if (url === '') return '(native)';
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inModules) return `node_modules/${inModules[1]}`;
  if (url.startsWith('node:')) return url.replace(/^node:internal\//, 'node:');
  return path.relative(root, url);
}

function functionOf(frame: CallFrame, root: string): string {
  const name = frame.functionName === '' ? '(anonymous)' : frame.functionName;
  const place = placeOf(frame, root);
  if (ENGINE_FRAMES.has(place) || place === '(native)') return name;
  return `${name} ${place}:${frame.lineNumber + 1}`;
}

function top(costs: Map<string, number>, busyMs: number, count: number): CostLine[] {
  return [...costs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([what, ms]) => ({ what, ms, share: ms / busyMs }));
}

/**
 * `fromUs`: only samples taken from then on (µs of the monotonic clock, `process.hrtime` /
 * 1000 in any process of this machine), to leave out the process's start-up.
 */
export function summarizeCpuProfile(
  file: string,
  root: string,
  fromUs = 0,
  count = Number(process.env.PROFILE_TOP ?? 15),
): CpuSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const places = new Map<string, number>();
  let busyMs = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    const node = byId.get(id);
    if (node === undefined || node.callFrame.functionName === '(idle)' || at < fromUs) return;
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    busyMs += ms;
    const name = functionOf(node.callFrame, root);
    self.set(name, (self.get(name) ?? 0) + ms);
    const place = placeOf(node.callFrame, root);
    places.set(place, (places.get(place) ?? 0) + ms);
    // Total time: each function once per sample, however deep it recurses.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byId.get(at)?.callFrame;
      if (frame === undefined || frame.functionName === '(root)') continue;
      const key = functionOf(frame, root);
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + ms);
    }
  });
  return {
    busyMs,
    selfByFunction: top(self, busyMs, count),
    totalByFunction: top(total, busyMs, count),
    selfByPlace: top(places, busyMs, count),
  };
}

export function printCpuSummary(summary: CpuSummary, log: (line: string) => void): void {
  const line = (cost: CostLine) =>
    `    ${(100 * cost.share).toFixed(1).padStart(5)}%  ${cost.ms.toFixed(0).padStart(6)} ms  ${cost.what}`;
  log(`  busy (not idle) ${summary.busyMs.toFixed(0)} ms`);
  log('  self time by place:');
  for (const cost of summary.selfByPlace) log(line(cost));
  log('  self time by function:');
  for (const cost of summary.selfByFunction) log(line(cost));
  log('  total time (with what it called) by function:');
  for (const cost of summary.totalByFunction) log(line(cost));
}
