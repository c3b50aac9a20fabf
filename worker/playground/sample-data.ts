import { PLATFORMS, type Platform } from '../../shared/platforms';
import { FLAG } from '../sandbox/data';
import { creatorEmail } from '../sandbox/data/details';
import type { SandboxWorld } from '../sandbox/server';
import type { SampleData } from './host-protocol';

/** Addresses the sandbox knows nobody behind: enrichment shows what no match looks like. */
const UNKNOWN_EMAILS = ['maria.rossi@example.com', 'press@example.net', 'j.smith@example.org'];

interface SampleCounts {
  /** Known addresses, across platforms. */
  emails: number;
  /** Public handles per platform. */
  handles: number;
}

/**
 * Creators of the sandbox's generated world for the sample spreadsheet (and the browser tests):
 * public accounts, which have reports, and e-mail addresses the sandbox's e-mail search finds,
 * then a few it does not.
 */
export function sampleFromWorld(world: SandboxWorld, counts: SampleCounts): SampleData {
  const handles = {} as Record<Platform, string[]>;
  const emails = new Set<string>();
  for (const platform of PLATFORMS) {
    const creators = world.platform(platform);
    const list: string[] = [];
    // People's public accounts, which have reports; the world's first accounts are brands.
    for (let i = 10; i < creators.size && list.length < counts.handles; i++) {
      if ((creators.columns.flags[i] & FLAG.private) === 0 && creators.brandOf(i) === undefined)
        list.push(creators.username(i));
    }
    handles[platform] = list;
  }
  // People first: the world's first accounts are brands, all writing from hello@.
  const brands = new Set<string>();
  for (const platform of PLATFORMS) {
    const creators = world.platform(platform);
    for (let i = 0; i < creators.size && emails.size < counts.emails; i++) {
      const email = creatorEmail(creators, i);
      if (email === null || world.findByEmail(email).length === 0) continue;
      if (creators.brandOf(i) === undefined) emails.add(email);
      else brands.add(email);
    }
  }
  for (const email of brands) {
    if (emails.size >= counts.emails) break;
    emails.add(email);
  }
  return { emails: [...emails, ...UNKNOWN_EMAILS], handles };
}
