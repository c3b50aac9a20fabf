/** Server functions of the Raw data section (addon/shared/raw-data-api.ts). Placeholder. */
export {};
