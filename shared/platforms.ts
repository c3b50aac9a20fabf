/** The three platforms of the Discovery API, as they appear in paths (`/{platform}/search`). */
export const PLATFORMS = ['instagram', 'tiktok', 'youtube'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** Audience overlap exists only for these two (spec: Audience overlap). */
export const OVERLAP_PLATFORMS = ['instagram', 'youtube'] as const;
export type OverlapPlatform = (typeof OVERLAP_PLATFORMS)[number];

/** `/ai/mentions` does not support youtube (spec: AI search). */
export const MENTION_PLATFORMS = ['instagram', 'tiktok'] as const;

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'string' && (PLATFORMS as readonly string[]).includes(value);
}
