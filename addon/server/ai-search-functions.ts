/** Server functions of the AI search section (addon/shared/ai-search-api.ts). Placeholder. */
export {};
