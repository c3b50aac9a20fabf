import type { Platform } from '../../../../shared/platforms';
import type { Brand, CollaborationFilter, CollaborationPage, PlatformCreators, World } from '../../data';
import { SandboxError } from '../../sandbox-error';
import { PLATFORM_NAMES } from './raw-lookups';

/**
 * Who a collaborations request is about. An id names either an influencer (a creator account) or
 * a brand: a brand's own account (a brand is also an account of every platform), or the brand by
 * name, handle or domain (api-notes: "for a YouTube brand its domain"). The answer then describes
 * that side: an influencer's posts with brands, or a brand's posts by influencers.
 */

export type CollaborationParty =
  | { readonly side: 'influencer'; readonly pc: PlatformCreators; readonly index: number }
  | { readonly side: 'brand'; readonly pc: PlatformCreators; readonly brand: Brand; readonly index: number };

/** Resolves an id, handle, profile URL, brand name or brand domain; 404 entity_not_found otherwise. */
export function resolveParty(
  world: World,
  platform: Platform,
  text: string,
  field: string,
): CollaborationParty {
  const pc = world.platform(platform);
  const index = pc.resolve(text);
  if (index >= 0) {
    const brand = pc.brandOf(index);
    return brand === undefined ? { side: 'influencer', pc, index } : { side: 'brand', pc, brand, index };
  }
  const brand = world.dictionaries.findBrand(text) ?? brandById(world, text);
  if (brand !== undefined) return { side: 'brand', pc, brand, index: pc.brandAccountIndex(brand.id) };
  throw new SandboxError(
    'entity_not_found',
    `${field} ${JSON.stringify(text)} matches no ${PLATFORM_NAMES[platform]} influencer or brand`,
  );
}

/** A brand by its number in the brands dictionary (how the deprecated endpoints named brands). */
function brandById(world: World, text: string): Brand | undefined {
  return /^\d{1,6}$/.test(text.trim()) ? world.dictionaries.brand(Number(text.trim())) : undefined;
}

/** The counterpart named by `collaboratorId`: a brand for an influencer, an influencer for a brand. */
export function resolveCollaborator(
  world: World,
  primary: CollaborationParty,
  text: string | undefined,
): CollaborationParty | null {
  if (text === undefined) return null;
  const collaborator = resolveParty(world, primary.pc.platform, text, 'collaboratorId');
  if (collaborator.side === primary.side) {
    const wanted = primary.side === 'influencer' ? 'a brand' : 'an influencer';
    throw new SandboxError(
      'bad_request',
      `collaboratorId must name ${wanted} when id names ${primary.side === 'influencer' ? 'an influencer' : 'a brand'}, got the ${collaborator.side} ${JSON.stringify(text)}`,
    );
  }
  return collaborator;
}

/** A stable key of a party, for cursors and caches. */
export function partyKey(party: CollaborationParty | null): string {
  if (party === null) return '-';
  return party.side === 'brand' ? `b${party.brand.id}` : `i${party.index}`;
}

/**
 * Whether the party has any collaboration at all (whatever the request's counterpart or window).
 * One without gets an answer with neither side (api-notes "Seen from the real service": `influencer`
 * is "only available if the requested profile has influencer collaborations").
 */
export function hasCollaborations(party: CollaborationParty): boolean {
  return collaborationPosts(party, null, { limit: 1 }).posts.length > 0;
}

/** The collaboration posts between `primary` and (if given) `collaborator`, newest first. */
export function collaborationPosts(
  primary: CollaborationParty,
  collaborator: CollaborationParty | null,
  filter: CollaborationFilter,
): CollaborationPage {
  const pc = primary.pc;
  if (primary.side === 'influencer') {
    const brandId = collaborator?.side === 'brand' ? collaborator.brand.id : undefined;
    return pc.sponsoredPosts(primary.index, { ...filter, brandId });
  }
  if (collaborator?.side === 'influencer') {
    return pc.sponsoredPosts(collaborator.index, { ...filter, brandId: primary.brand.id });
  }
  return pc.brandPosts(primary.brand.id, filter);
}
