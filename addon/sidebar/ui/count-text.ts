/** Numbers as the sidebar writes them: thousands separators, nouns that agree with the count. */
const WHOLE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const DECIMAL = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 1234 -> "1,234"; fractions of a credit keep two decimals (1.5 -> "1.5"). */
export function formatCount(value: number): string {
  return Number.isInteger(value) ? WHOLE.format(value) : DECIMAL.format(value);
}

/** 1 -> "1 row", 1200 -> "1,200 rows". */
export function countOf(value: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(value)} ${value === 1 ? singular : plural}`;
}

export function creditsText(value: number): string {
  return countOf(value, 'credit');
}

/** 0.0346 -> "3.46%"; whole percentages lose the decimals (0.5 -> "50%"). */
export function percentText(fraction: number): string {
  return `${DECIMAL.format(Math.round(fraction * 10000) / 100)}%`;
}
