/**
 * Sandbox settings for tests that run the real worker in a child process: the world is small (the
 * collaborations bundle test rebuilds it with the same 2,000 creators per platform) and its limits
 * are off, so the tests wait on the product, not on pacing.
 */
export const FAST_SANDBOX_ENV: Readonly<Record<string, string>> = {
  SANDBOX_CREATORS: '2000',
  SANDBOX_CREDITS: '1000000',
  SANDBOX_RAW_REQUESTS: '100000',
  SANDBOX_RATE_DISCOVERY: 'off',
  SANDBOX_RATE_DICTIONARY_FAST: 'off',
  SANDBOX_RATE_AI: 'off',
  LOG_LEVEL: 'warn',
};
