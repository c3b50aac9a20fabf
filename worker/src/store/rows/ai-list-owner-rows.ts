export interface OwnerRow {
  list_id: string;
  owner_email: string;
}

/** Ids looked up per query (a JSON array), as cache-repository.ts does. */
export const LOOKUP_CHUNK = 500;
