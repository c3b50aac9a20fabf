/**
 * The Lists part of the sidebar's contract (see sidebar-api.ts): the types its section and server
 * functions exchange, and the functions themselves. Placeholder until the section is built.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface ListsApi {}
