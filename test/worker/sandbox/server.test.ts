import request from 'supertest';
import { startSandboxServer } from '../../../worker/sandbox/server';

// The generated world is another module's job; a stand-in keeps this test about the server.
jest.mock(
  '../../../worker/sandbox/data',
  () => ({ createWorld: (options: unknown) => ({ generatedWith: options }) }),
  { virtual: true },
);

describe('startSandboxServer', () => {
  it('listens, prints the base URL with the token, serves the API and stops', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const running = await startSandboxServer({ PORT: '0', SANDBOX_TOKEN: 'local-token' });
    try {
      expect(running.baseUrl).toMatch(/^http:\/\/localhost:\d+\/v1$/);
      expect(log).toHaveBeenCalledWith(`Sandbox Discovery API at ${running.baseUrl} (token: local-token)`);
      const base = running.baseUrl.replace(/\/v1$/, '');
      const health = await request(base).get('/v1/health');
      expect(health.body.status).toBe('Healthy');
      const info = await request(base).get('/v1/user/info').set('Authorization', 'Bearer local-token');
      expect(info.body.billing).toEqual({ credits: 1000, rawRequests: 10_000 });
    } finally {
      await running.stop();
      log.mockRestore();
    }
    expect(running.server.listening).toBe(false);
  });

  it('refuses a bad configuration before listening', async () => {
    await expect(startSandboxServer({ SANDBOX_CREDIT: '5' })).rejects.toThrow(/did you mean SANDBOX_CREDITS/);
  });
});
