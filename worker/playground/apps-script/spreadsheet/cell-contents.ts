/**
 * What a cell holds and shows. Values are Sheets-like: numbers, strings, booleans, dates, and ''
 * for an empty cell (never null or undefined). Writing a string reads it as a user typing it would,
 * as Range.setValue(s) does: "=..." is a formula, "123" and "1,234" are numbers, "12%" is 0.12,
 * "TRUE" is a boolean, "2024-05-01" is a date, a leading apostrophe keeps the rest as text, and
 * the plain-text format "@" keeps everything as typed. So an id such as "00123" loses its zeros
 * unless the column is formatted as text first, exactly as in Sheets.
 *
 * Dates are wall-clock times of the spreadsheet's time zone, as in Sheets: a Date written is kept
 * as that instant, typed "2024-05-01" is midnight of that day *in the spreadsheet's zone*, and
 * getValues hands both back as Dates of those instants. Apps Script says so: "Spreadsheet time
 * zones that differ from the script time zone are a frequent source of scripting bugs"
 * (https://developers.google.com/apps-script/reference/base/session#getScriptTimeZone();
 * date cells come back as Date objects, Range.getValues). So in a Berlin sheet the cell 2024-05-01
 * reads as 2024-04-30T22:00:00Z, and code that takes its UTC date gets the day before.
 */
import { instantOfWallClock, zonedParts } from '../runtime/zoned-time';

export type CellValue = number | string | boolean | Date;

export const DEFAULT_NUMBER_FORMAT = 'General';
const PLAIN_TEXT_FORMAT = '@';
/** Sheets refuses longer cell contents. */
const CELL_MAX_CHARACTERS = 50_000;

interface Entered {
  value: CellValue;
  /** '' when the cell holds no formula. */
  formula: string;
}

const EMPTY: Entered = { value: '', formula: '' };
const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const GROUPED_NUMBER = /^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/;
const PERCENT = /^([+-]?(\d+\.?\d*|\.\d+))%$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ ](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

export function isDate(value: unknown): value is Date {
  // Dates made inside the script's vm context are not instances of this realm's Date.
  return Object.prototype.toString.call(value) === '[object Date]';
}

/** The zone of a cell read alone (tests of these functions); sheets pass their spreadsheet's. */
const UTC = 'Etc/UTC';

/** What a cell becomes when a script writes `input` into it (setValue, setValues). */
export function enterValue(input: unknown, numberFormat: string, timeZone: string = UTC): Entered {
  if (input === null || input === undefined || input === '') return EMPTY;
  if (typeof input === 'number') {
    if (!Number.isFinite(input))
      throw new Error(`The fake refuses ${input} in a cell: Sheets has no such number`);
    return { value: input, formula: '' };
  }
  if (typeof input === 'boolean') return { value: input, formula: '' };
  if (isDate(input)) return { value: new Date(input.getTime()), formula: '' };
  if (typeof input !== 'string') {
    throw new Error(
      `The fake refuses a ${Array.isArray(input) ? 'nested array' : typeof input} in a cell: write numbers, strings, booleans or dates`,
    );
  }
  if (input.length > CELL_MAX_CHARACTERS) {
    throw new Error(
      `Your input contains more than the maximum of ${CELL_MAX_CHARACTERS} characters in a single cell.`,
    );
  }
  if (numberFormat === PLAIN_TEXT_FORMAT) return { value: input, formula: '' };
  if (input.startsWith("'")) return { value: input.slice(1), formula: '' };
  if (input.startsWith('=') && input.length > 1) return { value: '', formula: input };
  const text = input.trim();
  if (PLAIN_NUMBER.test(text)) return { value: Number(text), formula: '' };
  if (GROUPED_NUMBER.test(text)) return { value: Number(text.replace(/,/g, '')), formula: '' };
  const percent = PERCENT.exec(text);
  if (percent !== null) return { value: Number(percent[1]) / 100, formula: '' };
  if (/^(true|false)$/i.test(text)) return { value: text.toLowerCase() === 'true', formula: '' };
  const date = ISO_DATE.exec(text);
  if (date !== null) {
    const [, y, m, d, hh, mm, ss] = date;
    const wall = Date.UTC(
      Number(y),
      Number(m) - 1,
      Number(d),
      Number(hh ?? 0),
      Number(mm ?? 0),
      Number(ss ?? 0),
    );
    if (!Number.isNaN(wall)) return { value: new Date(instantOfWallClock(wall, timeZone)), formula: '' };
  }
  return { value: input, formula: '' };
}

const NUMBER_FORMAT = /^([^#0]*)(#,##0|0)(\.0+)?(%?)([^#0]*)$/;
/** A pattern that shows a date: it names a year or a day. */
const DATE_FORMAT = /y|d/i;
/** Day 0 of Sheets' serial dates: 1899-12-30. */
const SERIAL_EPOCH_UTC = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** What the cell shows (getDisplayValues), for the number formats the add-on uses. */
export function displayValue(value: CellValue, numberFormat: string, timeZone: string = UTC): string {
  if (value === '') return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (isDate(value)) return formatDate(value, numberFormat, timeZone);
  if (typeof value === 'string') return value;
  // A number under a date format is a serial date (days since 1899-12-30), on the sheet's wall clock.
  if (DATE_FORMAT.test(numberFormat) && !NUMBER_FORMAT.test(numberFormat)) {
    return formatDate(new Date(SERIAL_EPOCH_UTC + Math.round(value * DAY_MS)), numberFormat, UTC);
  }
  const pattern = NUMBER_FORMAT.exec(numberFormat);
  if (pattern === null) return String(value);
  const [, prefix, integer, fraction, percent, suffix] = pattern;
  const decimals = fraction === undefined ? 0 : fraction.length - 1;
  const scaled = percent === '%' ? value * 100 : value;
  const text = scaled.toLocaleString('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: integer === '#,##0',
  });
  return `${prefix}${text}${percent}${suffix}`;
}

/**
 * Date formats as Sheets spells them (yyyy, mm, dd, hh, ss; mm after hh is minutes), on the wall
 * clock of `timeZone`, the spreadsheet's.
 */
export function formatDate(date: Date, format: string, timeZone: string = UTC): string {
  const pattern = /y/i.test(format) || /d/i.test(format) ? format : 'yyyy-mm-dd';
  const two = (n: number) => String(n).padStart(2, '0');
  const wall = zonedParts(date, timeZone);
  let sawHour = false;
  return pattern.replace(/yyyy|mm|dd|hh|ss/gi, (token) => {
    switch (token.toLowerCase()) {
      case 'yyyy':
        return String(wall.year);
      case 'dd':
        return two(wall.day);
      case 'hh':
        sawHour = true;
        return two(wall.hour);
      case 'ss':
        return two(wall.second);
      default:
        return sawHour ? two(wall.minute) : two(wall.month);
    }
  });
}
