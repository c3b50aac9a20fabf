import {
  MAX_METADATA_ID,
  type MetadataEntry,
  type MetadataLocation,
  type MetadataQuery,
  type MetadataVisibility,
} from '../apps-script/spreadsheet/developer-metadata-store';
import { invalidArgument } from './google-errors';
import { object, onlyKnown, oneOf, text, whole, type Fields } from './request-fields';

/**
 * Developer metadata as the Sheets API writes it in JSON
 * (https://developers.google.com/workspace/sheets/api/reference/rest/v4/spreadsheets.developerMetadata),
 * and the DataFilter's developerMetadataLookup read into the model's query
 * (https://developers.google.com/workspace/sheets/api/reference/rest/v4/DataFilter#DeveloperMetadataLookup).
 */
export const VISIBILITIES: readonly MetadataVisibility[] = ['DOCUMENT', 'PROJECT'];
const LOCATION_TYPES = ['SPREADSHEET', 'SHEET', 'ROW', 'COLUMN'] as const;
const STRATEGIES = ['EXACT_LOCATION', 'INTERSECTING_LOCATION'] as const;
const LOOKUP_FIELDS = [
  'metadataId',
  'metadataKey',
  'metadataValue',
  'visibility',
  'locationType',
  'metadataLocation',
  'locationMatchingStrategy',
];

/** The DeveloperMetadata resource; no metadataValue when none was set, as Google leaves it out. */
export function metadataResource(entry: MetadataEntry): Fields {
  return {
    metadataId: entry.id,
    metadataKey: entry.key,
    ...(entry.value === null ? {} : { metadataValue: entry.value }),
    location: locationResource(entry.location),
    visibility: entry.visibility,
  };
}

function locationResource(location: MetadataLocation): Fields {
  switch (location.type) {
    case 'SPREADSHEET':
      return { locationType: 'SPREADSHEET', spreadsheet: true };
    case 'SHEET':
      return { locationType: 'SHEET', sheetId: location.sheetId };
    default:
      return {
        locationType: location.type,
        dimensionRange: {
          sheetId: location.sheetId,
          dimension: location.type === 'ROW' ? 'ROWS' : 'COLUMNS',
          startIndex: location.index,
          endIndex: location.index + 1,
        },
      };
  }
}

/**
 * A DeveloperMetadataLocation: exactly one of spreadsheet, sheetId or dimensionRange (its
 * locationType "is read-only" and ignored). "The specified DimensionRange must represent a single
 * row or column. It cannot be unbounded or span multiple rows or columns."
 */
export function readLocation(value: unknown, where: string): MetadataLocation {
  const fields = object(value, where);
  onlyKnown(fields, where, ['locationType', 'spreadsheet', 'sheetId', 'dimensionRange']);
  const set = ['spreadsheet', 'sheetId', 'dimensionRange'].filter(
    (name) => fields[name] !== undefined && fields[name] !== false,
  );
  if (set.length !== 1) {
    throw invalidArgument(`${where} must set exactly one of spreadsheet, sheetId or dimensionRange.`);
  }
  if (set[0] === 'spreadsheet') {
    if (fields.spreadsheet !== true) throw invalidArgument(`Invalid value at '${where}.spreadsheet'`);
    return { type: 'SPREADSHEET' };
  }
  if (set[0] === 'sheetId') return { type: 'SHEET', sheetId: whole(fields.sheetId, `${where}.sheetId`, 0) };
  const at = `${where}.dimensionRange`;
  const range = object(fields.dimensionRange, at);
  onlyKnown(range, at, ['sheetId', 'dimension', 'startIndex', 'endIndex']);
  const dimension = oneOf(range.dimension, `${at}.dimension`, ['ROWS', 'COLUMNS']);
  const start = range.startIndex === undefined ? null : whole(range.startIndex, `${at}.startIndex`, 0);
  const end = range.endIndex === undefined ? null : whole(range.endIndex, `${at}.endIndex`, 0);
  if (start === null || end !== start + 1) {
    throw invalidArgument(
      'The specified DimensionRange must represent a single row or column. It cannot be unbounded or span multiple rows or columns.',
    );
  }
  const sheetId = range.sheetId === undefined ? 0 : whole(range.sheetId, `${at}.sheetId`, 0);
  return { type: dimension === 'ROWS' ? 'ROW' : 'COLUMN', sheetId, index: start };
}

/**
 * A DataFilter that selects developer metadata: its developerMetadataLookup, every field given
 * narrowing the selection. Selecting metadata by a1Range or gridRange is not modelled. A lookup
 * that sets nothing is refused: Google does not document what it selects, and a caller that
 * meant to name one entry must never reach them all.
 */
export function readMetadataFilter(value: unknown, where: string): MetadataQuery {
  const filter = object(value, where);
  onlyKnown(filter, where, ['developerMetadataLookup', 'a1Range', 'gridRange']);
  const kinds = Object.keys(filter).filter((name) => filter[name] !== undefined);
  if (kinds.length !== 1) {
    throw invalidArgument(`${where} must set exactly one of developerMetadataLookup, a1Range or gridRange.`);
  }
  if (kinds[0] !== 'developerMetadataLookup') {
    throw invalidArgument(
      `${where}.${kinds[0]}: the Sheets API emulator selects developer metadata by developerMetadataLookup only`,
    );
  }
  const at = `${where}.developerMetadataLookup`;
  const lookup = object(filter.developerMetadataLookup, at);
  onlyKnown(lookup, at, LOOKUP_FIELDS);
  const query = plainCriteria(lookup, at);
  Object.assign(query, locationCriteria(lookup, at));
  if (Object.keys(query).length === 0) {
    throw invalidArgument(`${at} must name at least one criterion (metadataId, metadataKey, ...).`);
  }
  return query;
}

function plainCriteria(lookup: Fields, at: string): MetadataQuery {
  const query: MetadataQuery = {};
  if (lookup.metadataId !== undefined)
    query.id = whole(lookup.metadataId, `${at}.metadataId`, 1, MAX_METADATA_ID);
  if (lookup.metadataKey !== undefined) query.key = text(lookup.metadataKey, `${at}.metadataKey`);
  if (lookup.metadataValue !== undefined) query.value = text(lookup.metadataValue, `${at}.metadataValue`);
  // "If left unspecified, all developer metadata visible to the requesting project is considered."
  if (lookup.visibility !== undefined && lookup.visibility !== 'DEVELOPER_METADATA_VISIBILITY_UNSPECIFIED')
    query.visibility = oneOf(lookup.visibility, `${at}.visibility`, VISIBILITIES);
  return query;
}

/**
 * locationType, metadataLocation and locationMatchingStrategy, with the reference's rules: a
 * strategy needs a metadataLocation (INTERSECTING by default); locationType "must be left
 * unspecified when the locationMatchingStrategy is specified as EXACT", and "cannot be specified
 * as SPREADSHEET when the locationMatchingStrategy is specified as INTERSECTING or when the
 * metadataLocation is specified as a non-spreadsheet location".
 */
function locationCriteria(lookup: Fields, at: string): MetadataQuery {
  const query: MetadataQuery = {};
  const type =
    lookup.locationType === undefined
      ? null
      : oneOf(lookup.locationType, `${at}.locationType`, LOCATION_TYPES);
  const strategy =
    lookup.locationMatchingStrategy === undefined
      ? null
      : oneOf(lookup.locationMatchingStrategy, `${at}.locationMatchingStrategy`, STRATEGIES);
  const location =
    lookup.metadataLocation === undefined
      ? null
      : readLocation(lookup.metadataLocation, `${at}.metadataLocation`);
  if (strategy !== null && location === null)
    throw invalidArgument(`${at}: a locationMatchingStrategy needs a metadataLocation.`);
  if (type !== null && strategy === 'EXACT_LOCATION')
    throw invalidArgument(
      `${at}: locationType must be left unspecified when the strategy is EXACT_LOCATION.`,
    );
  if (
    type === 'SPREADSHEET' &&
    (strategy === 'INTERSECTING_LOCATION' || (location !== null && location.type !== 'SPREADSHEET'))
  ) {
    throw invalidArgument(
      `${at}: locationType cannot be SPREADSHEET with intersecting or non-spreadsheet locations.`,
    );
  }
  if (type !== null) query.locationType = type;
  if (location !== null) query.location = { at: location, exact: strategy === 'EXACT_LOCATION' };
  return query;
}
