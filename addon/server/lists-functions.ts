/** Server functions of the Lists section (addon/shared/lists-api.ts). Placeholder. */
export {};
