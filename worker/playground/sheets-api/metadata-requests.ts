import {
  MAX_METADATA_ID,
  type MetadataEntry,
  type MetadataQuery,
} from '../apps-script/spreadsheet/developer-metadata-store';
import type { FakeSpreadsheet } from '../apps-script/spreadsheet/spreadsheet';
import { GoogleApiError, invalidArgument } from './google-errors';
import { metadataResource, readLocation, readMetadataFilter, VISIBILITIES } from './metadata-json';
import { object, onlyKnown, oneOf, text, whole, type Fields } from './request-fields';

/**
 * Developer metadata through the Sheets API
 * (https://developers.google.com/workspace/sheets/api/guides/metadata): the batchUpdate kinds
 * createDeveloperMetadata, updateDeveloperMetadata and deleteDeveloperMetadata, and the methods
 * developerMetadata.search and developerMetadata.get, each seeing what the caller's Cloud project
 * may see ("Queries that don't explicitly specify a visibility return matching document metadata
 * and matching project metadata for the Google Cloud project making the request").
 */
export interface MetadataTarget {
  spreadsheet: FakeSpreadsheet;
  /** The caller's Cloud project (its service account's project number). */
  project: string;
}

const METADATA_FIELDS = ['metadataId', 'metadataKey', 'metadataValue', 'location', 'visibility'];
/** What updateDeveloperMetadata may change here; an id or a visibility change is not modelled. */
const UPDATABLE = ['metadataKey', 'metadataValue', 'location'];

/**
 * "supply a CreateDeveloperMetadataRequest with metadataKey, location, and visibility values ...
 * You can optionally specify a metadataValue or an explicit metadataId. If you specify an ID
 * that's already in use, the request will be unsuccessful."
 */
export function createDeveloperMetadata(target: MetadataTarget, request: Fields): Fields {
  onlyKnown(request, 'createDeveloperMetadata', ['developerMetadata']);
  const spec = object(request.developerMetadata, 'developerMetadata');
  onlyKnown(spec, 'developerMetadata', METADATA_FIELDS);
  if (spec.metadataKey === undefined) throw invalidArgument('Developer metadata must have a metadataKey.');
  if (spec.visibility === undefined) throw invalidArgument('Developer metadata must have a visibility.');
  if (spec.location === undefined) throw invalidArgument('Developer metadata must have a location.');
  const entry = target.spreadsheet.metadata.create({
    ...(spec.metadataId === undefined
      ? {}
      : { id: whole(spec.metadataId, 'developerMetadata.metadataId', 1, MAX_METADATA_ID) }),
    key: text(spec.metadataKey, 'developerMetadata.metadataKey'),
    value:
      spec.metadataValue === undefined ? null : text(spec.metadataValue, 'developerMetadata.metadataValue'),
    visibility: oneOf(spec.visibility, 'developerMetadata.visibility', VISIBILITIES),
    project: target.project,
    location: readLocation(spec.location, 'developerMetadata.location'),
  });
  return { createDeveloperMetadata: { developerMetadata: metadataResource(entry) } };
}

/** Deletes every entry its one dataFilter selects; the reply lists them (nothing when none matched). */
export function deleteDeveloperMetadata(target: MetadataTarget, request: Fields): Fields {
  onlyKnown(request, 'deleteDeveloperMetadata', ['dataFilter']);
  const query = readMetadataFilter(request.dataFilter, 'dataFilter');
  const store = target.spreadsheet.metadata;
  const deleted = store.find(target.project, query);
  for (const entry of deleted) store.remove(entry.id);
  return { deleteDeveloperMetadata: listed('deletedDeveloperMetadata', deleted) };
}

/**
 * Sets the masked fields of every entry any of its dataFilters selects. "At least one field must
 * be specified"; "*" lists every field. Checked whole: one entry refused changes none.
 */
export function updateDeveloperMetadata(target: MetadataTarget, request: Fields): Fields {
  onlyKnown(request, 'updateDeveloperMetadata', ['dataFilters', 'developerMetadata', 'fields']);
  const queries = filters(request.dataFilters, 'dataFilters');
  const spec = object(request.developerMetadata, 'developerMetadata');
  onlyKnown(spec, 'developerMetadata', METADATA_FIELDS);
  const fields = updateMask(request.fields);
  const change = {
    ...(fields.includes('metadataKey')
      ? { key: text(spec.metadataKey, 'developerMetadata.metadataKey') }
      : {}),
    ...(fields.includes('metadataValue')
      ? {
          value:
            spec.metadataValue === undefined
              ? null
              : text(spec.metadataValue, 'developerMetadata.metadataValue'),
        }
      : {}),
    ...(fields.includes('location')
      ? { location: readLocation(spec.location, 'developerMetadata.location') }
      : {}),
  };
  const store = target.spreadsheet.metadata;
  const chosen = new Set(queries.flatMap((query) => store.find(target.project, query)));
  const matched = store.find(target.project).filter((entry) => chosen.has(entry));
  const before = store.snapshot();
  try {
    const updated = matched.map((entry) => store.update(entry.id, change));
    return { updateDeveloperMetadata: listed('developerMetadata', updated) };
  } catch (error) {
    store.restore(before);
    throw error;
  }
}

/** spreadsheets.developerMetadata.search: each entry any filter selects, with the filters that did. */
export function searchDeveloperMetadata(target: MetadataTarget, body: unknown): Fields {
  const request = object(body, 'body');
  onlyKnown(request, 'body', ['dataFilters']);
  const queries = filters(request.dataFilters, 'dataFilters');
  const given = request.dataFilters as unknown[];
  const store = target.spreadsheet.metadata;
  const hits = queries.map((query) => new Set(store.find(target.project, query)));
  const matched = store.find(target.project).flatMap((entry) => {
    const by = given.filter((_, i) => hits[i].has(entry));
    return by.length === 0 ? [] : [{ developerMetadata: metadataResource(entry), dataFilters: by }];
  });
  return matched.length === 0 ? {} : { matchedDeveloperMetadata: matched };
}

/**
 * spreadsheets.developerMetadata.get: one entry the caller may see; "404: Not Found ... No
 * developer metadata with ID METADATA_ID" otherwise (an entry of another project's included).
 */
export function getDeveloperMetadata(target: MetadataTarget, idText: string): Fields {
  if (!/^\d+$/.test(idText) || Number(idText) > MAX_METADATA_ID) {
    throw invalidArgument(`Invalid value at 'metadata_id' (TYPE_INT32), "${idText}"`);
  }
  const id = Number(idText);
  const [entry] = target.spreadsheet.metadata.find(target.project, { id });
  if (entry === undefined) throw new GoogleApiError('NOT_FOUND', `No developer metadata with ID ${id}.`);
  return metadataResource(entry);
}

// ---- helpers ----

function filters(value: unknown, where: string): MetadataQuery[] {
  if (!Array.isArray(value) || value.length === 0)
    throw invalidArgument(`${where} must list at least one DataFilter.`);
  return value.map((filter: unknown, i) => readMetadataFilter(filter, `${where}[${i}]`));
}

function updateMask(value: unknown): string[] {
  if (typeof value !== 'string' || value.trim() === '')
    throw invalidArgument('At least one field must be specified in fields.');
  if (value.trim() === '*') return UPDATABLE;
  const fields = value.split(',').map((field) => field.trim());
  const refused = fields.filter((field) => !UPDATABLE.includes(field));
  if (refused.length > 0)
    throw invalidArgument(`the Sheets API emulator does not model updating ${refused.join(', ')}`);
  return fields;
}

/** A repeated field: left out when empty, as Google's JSON leaves empty lists out. */
function listed(name: string, entries: MetadataEntry[]): Fields {
  return entries.length === 0 ? {} : { [name]: entries.map(metadataResource) };
}
