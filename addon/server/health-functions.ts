/** Server functions of the Health section (addon/shared/health-api.ts). Placeholder. */
export {};
