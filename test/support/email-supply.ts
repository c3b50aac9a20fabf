import { PLATFORMS } from '../../shared/platforms';
import { creatorEmail } from '../../worker/sandbox/data/details';
import type { SandboxWorld } from '../../worker/sandbox/server';

/**
 * Addresses for e-mail tests: ones the sandbox's world matches, each handed out once so no test
 * gets a cached answer another test paid for, and made-up ones nobody has. `submitted` collects
 * what the tests sent, to look for in the logs and on disk at the end.
 */
export interface EmailSupply {
  takeKnown(count: number): string[];
  takeUnknown(count: number): string[];
  readonly submitted: Set<string>;
}

/** `unknown(n)` makes the n-th address nobody has (each test file its own, to stay apart). */
export function emailSupply(known: () => readonly string[], unknown: (n: number) => string): EmailSupply {
  let nextKnown = 0;
  let nextUnknown = 0;
  return {
    takeKnown(count) {
      const taken = known().slice(nextKnown, nextKnown + count);
      nextKnown += count;
      if (taken.length < count) throw new Error('the test world holds too few public e-mails');
      return taken;
    },
    takeUnknown(count) {
      const taken = Array.from({ length: count }, (_, i) => unknown(nextUnknown + i));
      nextUnknown += count;
      return taken;
    },
    submitted: new Set<string>(),
  };
}

/** A fixed shuffle, so a failure replays the same way. */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  let state = seed;
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const j = state % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Every address of the world's creators that its e-mail search matches. */
export function matchedEmails(world: SandboxWorld): string[] {
  const emails = new Set<string>();
  for (const platform of PLATFORMS) {
    const creators = world.platform(platform);
    for (let i = 0; i < creators.size; i++) {
      const email = creatorEmail(creators, i);
      if (email !== null && world.findByEmail(email).length > 0) emails.add(email);
    }
  }
  return [...emails];
}
