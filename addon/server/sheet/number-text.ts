/** Numbers in sentences, without Intl (its locale data in Apps Script is not to be relied on). */

/** 1234567 -> "1,234,567". */
export function formatCount(value: number): string {
  const sign = value < 0 ? '-' : '';
  return sign + String(Math.round(Math.abs(value))).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Credits carry up to three decimals: 22 -> "22", 0.15 -> "0.15", 1234.5 -> "1,234.5". */
export function formatCredits(value: number): string {
  const milli = Math.round(value * 1000);
  const whole = Math.trunc(milli / 1000);
  const fraction = Math.abs(milli % 1000);
  const decimals = fraction === 0 ? '' : `.${String(fraction).padStart(3, '0').replace(/0+$/, '')}`;
  const sign = milli < 0 && whole === 0 ? '-' : '';
  return `${sign}${formatCount(whole)}${decimals}`;
}

/** "1 credit", "0.15 credits". */
export function creditsText(value: number): string {
  return `${formatCredits(value)} credit${value === 1 ? '' : 's'}`;
}

/** "1 row", "2 rows". */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : pluralForm}`;
}
