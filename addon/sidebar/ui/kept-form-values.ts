import { isRecord } from '../../../shared/rows/cell-values';
import type { DictionaryOption } from '../../bridge-contract/sidebar-api';

/**
 * A kept form (saved under a name, or this user's last one) read back into a section's values.
 * It may come from an older version, or another editor's, so every field is checked for the kind
 * it must be; a field that is missing or of another kind keeps the section's default.
 */
export type KeptKind = 'text' | 'flag' | 'option' | 'options' | 'texts';

function isOption(value: unknown): value is DictionaryOption {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (typeof record.id === 'number' || typeof record.id === 'string') && typeof record.label === 'string';
}

function fits(kind: KeptKind, value: unknown): boolean {
  switch (kind) {
    case 'text':
      return typeof value === 'string';
    case 'flag':
      return typeof value === 'boolean';
    case 'option':
      return value === null || isOption(value);
    case 'options':
      return Array.isArray(value) && value.every(isOption);
    case 'texts':
      return Array.isArray(value) && value.every((item) => typeof item === 'string');
  }
}

/** `defaults` with each field of `kinds` taken from `kept` when it is of that kind. */
export function readKept<T extends object>(
  defaults: T,
  kinds: Partial<Record<keyof T, KeptKind>>,
  kept: unknown,
): T {
  const source = isRecord(kept) ? kept : {};
  const values: Record<string, unknown> = Object.fromEntries(Object.entries(defaults));
  for (const key of Object.keys(kinds)) {
    const kind = kinds[key as keyof T];
    if (kind !== undefined && fits(kind, source[key])) {
      const value = source[key];
      values[key] = Array.isArray(value)
        ? value.map((item: unknown) => (isOption(item) ? { id: item.id, label: item.label } : item))
        : value;
    }
  }
  return values as T;
}
