/** Server functions of the Dictionaries section (addon/shared/dictionaries-api.ts). Placeholder. */
export {};
