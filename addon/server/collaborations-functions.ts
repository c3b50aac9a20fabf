/** Server functions of the Collabs section (addon/shared/collaborations-api.ts). Placeholder. */
export {};
