import type { OwnedExtent } from '../sheet-ownership-repository';

export function extentOf(text: string | undefined): OwnedExtent | null {
  if (text === undefined) return null;
  const parsed = JSON.parse(text) as Partial<OwnedExtent>;
  const { sheetId, row, column, rows, columns } = parsed;
  const whole = [sheetId, row, column, rows, columns].every((n) => typeof n === 'number');
  return whole ? (parsed as OwnedExtent) : null;
}

export function extentText(extent: OwnedExtent): string {
  const { sheetId, row, column, rows, columns } = extent;
  return JSON.stringify({ sheetId, row, column, rows, columns });
}
