/**
 * Who created each AI list through this worker. The API knows no owners (every list belongs to the
 * one API account the worker spends from), so the worker keeps them: members manage their own
 * lists, admins all of them. A list created elsewhere (the API's own console, another worker) has
 * no owner here.
 */
export interface AiListOwnerRepository {
  /** Records the creator; a list id the API hands out again (after a delete) gets its new owner. */
  record(listId: string, ownerEmail: string): Promise<void>;
  /** The creator's address, or null for a list created outside this worker. */
  ownerOf(listId: string): Promise<string | null>;
  /** Owners of these lists, by list id; lists without one are absent. */
  ownersOf(listIds: readonly string[]): Promise<Map<string, string>>;
  /** After the list was deleted; true when it had an owner here. */
  forget(listId: string): Promise<boolean>;
}
