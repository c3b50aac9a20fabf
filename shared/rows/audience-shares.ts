import { isRecord, numberCell, percentText, textCell } from './cell-values';

/**
 * Audience lists in reports are `{ code or name, weight }` items (genders, ages, countries,
 * interests, brands...). The spec shows their shape only for TikTok, so every field is read as
 * maybe-missing, and an item without a usable weight still counts for its name.
 */
export interface Share {
  readonly code: string | null;
  readonly name: string | null;
  readonly weight: number | null;
}

export function sharesOf(list: unknown): Share[] {
  if (!Array.isArray(list)) return [];
  const shares: Share[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const share = { code: textCell(item.code), name: textCell(item.name), weight: numberCell(item.weight) };
    if (share.code !== null || share.name !== null) shares.push(share);
  }
  return shares;
}

/** Largest weight first; items without a weight keep their order after the weighted ones. */
export function byWeight(shares: readonly Share[]): Share[] {
  return shares
    .map((share, index) => ({ share, index }))
    .sort((a, b) => {
      const wa = a.share.weight ?? -Infinity;
      const wb = b.share.weight ?? -Infinity;
      return wa === wb ? a.index - b.index : wb - wa;
    })
    .map((entry) => entry.share);
}

/** The weight of the item whose code (or name) equals `key`, compared case-insensitively. */
export function weightOf(list: unknown, key: string): number | null {
  const wanted = key.toLowerCase();
  for (const share of sharesOf(list)) {
    if ((share.code ?? share.name ?? '').toLowerCase() === wanted) return share.weight;
  }
  return null;
}

/** The label people read for a share: its name, else its code. */
export function shareLabel(share: Share): string {
  return share.name ?? share.code ?? '';
}

/** "Fitness & Yoga 31%, Travel 20%" for the `limit` largest items, or null when there are none. */
export function topSharesText(list: unknown, limit: number): string | null {
  const parts = byWeight(sharesOf(list))
    .slice(0, limit)
    .map((share) =>
      share.weight === null ? shareLabel(share) : `${shareLabel(share)} ${percentText(share.weight)}`,
    );
  return parts.length === 0 ? null : parts.join(', ');
}
