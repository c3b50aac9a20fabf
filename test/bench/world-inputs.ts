import { PLATFORMS, type Platform } from '../../shared/platforms';
import { createWorld, type World } from '../../worker/sandbox/data';
import { creatorEmail } from '../../worker/sandbox/data/details';
import { isUnanalysedPrivate } from '../../worker/sandbox/operations/discovery/private-accounts';
import { seededRandom, type Random } from '../../worker/common/seeded-random';

/**
 * Inputs for the worker benchmarks, drawn from the same generated world the worker's sandbox
 * builds (same seed and size). The sandbox never lists e-mail addresses, so the bench reads them
 * from the world directly: that way a known share of the e-mails match and the credits they cost
 * can be checked to the thousandth. Everything is deterministic: the same run, the same inputs.
 */

export const BENCH_SEED = 'creator-sheets';

export function benchWorld(creatorsPerPlatform: number): World {
  return createWorld({ seed: BENCH_SEED, creatorsPerPlatform });
}

function shuffle<T>(items: T[], random: Random): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

export interface EmailInputs {
  /** The cells, in the order they are sent. */
  inputs: string[];
  /** Distinct valid addresses after trimming and lowercasing. */
  uniqueValid: number;
  /** Of those, addresses of creators in the world (they match and are billed). */
  uniqueMatched: number;
  duplicates: number;
  invalid: number;
}

/** A variant of an address that differs only in case or surrounding blanks. */
function restyle(email: string, random: Random): string {
  const [local, domain] = email.split('@');
  const styles = [
    () => email.toUpperCase(),
    () => `${local.charAt(0).toUpperCase()}${local.slice(1)}@${domain.toUpperCase()}`,
    () => `  ${email} `,
    () => `\t${email[0].toUpperCase()}${email.slice(1)}`,
    () => `${email}   `,
  ];
  return styles[Math.floor(random() * styles.length)]();
}

const INVALID_SHAPES: ((n: number) => string)[] = [
  (n) => `contact${n}.example.com`, // missing @
  (n) => `ada${n}@@example.com`, // two @
  (n) => `ada lovelace${n}@example.com`, // space inside
  (n) => `office${n}@localhost`, // domain without a dot
  (n) => `.dot${n}@example.com`, // leading dot
  (n) => `@nobody${n}.example.com`, // nothing before @
];

/**
 * `total` cells: `invalidShare` invalid, `duplicateShare` restyled repeats of earlier addresses,
 * the rest distinct valid addresses, of which every public e-mail of the world that fits comes
 * first (they match) and made-up ones fill up (they do not). Shuffled with a fixed seed.
 */
export function emailInputs(
  world: World,
  total: number,
  duplicateShare: number,
  invalidShare: number,
): EmailInputs {
  const random = seededRandom(0xe3a11);
  const invalid = Math.round(total * invalidShare);
  const duplicates = Math.round(total * duplicateShare);
  const uniqueValid = total - invalid - duplicates;

  const real = new Set<string>();
  for (const platform of PLATFORMS) {
    const pc = world.platform(platform);
    for (let i = 0; i < pc.size && real.size < uniqueValid; i++) {
      const email = creatorEmail(pc, i);
      // findByEmail is what the sandbox answers from: only addresses it finds are billed.
      if (email !== null && world.findByEmail(email).length > 0) real.add(email);
    }
  }
  const unique = [...real];
  for (let n = 0; unique.length < uniqueValid; n++) unique.push(`reader.${n}@inbox-${n % 97}.test`);

  const cells: string[] = [...unique];
  for (let n = 0; n < duplicates; n++)
    cells.push(restyle(unique[Math.floor(random() * unique.length)], random));
  for (let n = 0; n < invalid; n++) cells.push(INVALID_SHAPES[n % INVALID_SHAPES.length](n));
  return {
    inputs: shuffle(cells, random),
    uniqueValid,
    uniqueMatched: real.size,
    duplicates,
    invalid,
  };
}

export interface ReportHandles {
  /** The cells of one pass, in order; the default platform of the request is Instagram. */
  inputs: string[];
  uniqueCreators: number;
  repeats: number;
  /** A creator with a report that none of `inputs` names (for the single-flight check). */
  notRequested: string;
  /** An Instagram handle among `inputs` (for the cached-endpoint load). */
  cachedHandle: string;
}

/**
 * `total` cells naming `total × (1 - repeatShare)` creators with a report, a third per platform:
 * Instagram as plain handles, TikTok as profile URLs, YouTube as channel URLs. Repeats name an
 * earlier creator written another way (`@NAME`, an upper-case URL handle, a trailing slash).
 */
export function reportHandles(world: World, total: number, repeatShare: number): ReportHandles {
  const random = seededRandom(0x4e9017);
  const repeats = Math.round(total * repeatShare);
  const uniqueCreators = total - repeats;
  const perPlatform = Math.ceil(uniqueCreators / PLATFORMS.length);

  const picked: { platform: Platform; cell: string; repeat: string }[] = [];
  let notRequested = '';
  for (const platform of PLATFORMS) {
    const pc = world.platform(platform);
    const first = pc.firstPersonIndex;
    const step = Math.max(1, Math.floor((pc.size - first) / (perPlatform + 2)));
    let taken = 0;
    for (let i = first; i < pc.size && taken < perPlatform; i += step) {
      if (isUnanalysedPrivate(pc, i)) continue;
      const username = pc.username(i);
      const url = pc.summary(i).url;
      if (platform === 'instagram')
        picked.push({ platform, cell: username, repeat: `@${username.toUpperCase()}` });
      else if (platform === 'tiktok')
        picked.push({
          platform,
          cell: url,
          repeat: url.replace(`@${username}`, `@${username.toUpperCase()}`),
        });
      else picked.push({ platform, cell: url, repeat: `${url}/` });
      taken += 1;
    }
    if (platform === 'instagram') {
      for (let i = first + 1; notRequested === ''; i += step) {
        if (!isUnanalysedPrivate(pc, i)) notRequested = pc.username(i);
      }
    }
  }
  const unique = picked.slice(0, uniqueCreators);
  if (unique.length < uniqueCreators)
    throw new Error(`the world holds too few creators for ${uniqueCreators} distinct handles`);
  const cells = unique.map((item) => item.cell);
  for (let n = 0; n < repeats; n++) cells.push(unique[Math.floor(random() * unique.length)].repeat);
  const cachedHandle = unique.find((item) => item.platform === 'instagram')?.cell ?? '';
  return { inputs: shuffle(cells, random), uniqueCreators, repeats, notRequested, cachedHandle };
}
