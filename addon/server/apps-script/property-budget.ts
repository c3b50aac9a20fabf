import { utf8Bytes } from './utf8-bytes';

/**
 * What PropertiesService holds (developers.google.com/apps-script/guides/services/quotas,
 * "Properties value size: 9 KB / val", "Properties total storage: 500 KB / property store"): bytes
 * of UTF-8, keys included in the total. Saved work must fit both and leave room in the document's
 * store for what it holds already (job records, keys, settings), so it refuses with a sentence
 * rather than let Apps Script throw "Argument too large" or the storage quota error.
 */
export const PROPERTY_VALUE_MAX_BYTES = 9 * 1024;
export const PROPERTY_STORE_MAX_BYTES = 500 * 1024;

/** Bytes a store uses, keys and values, as the 500 KB quota counts them. */
export function storeBytes(properties: Record<string, string>): number {
  let total = 0;
  for (const key of Object.keys(properties)) total += utf8Bytes(key) + utf8Bytes(properties[key]);
  return total;
}

/** "8.4 KB": how sizes are said to the user. */
export function kilobytesText(bytes: number): string {
  return `${(Math.ceil((bytes / 1024) * 10) / 10).toFixed(1)} KB`;
}
