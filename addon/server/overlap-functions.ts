/** Server functions of the Overlap section (addon/shared/overlap-api.ts). Placeholder. */
export {};
