import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startSandboxServer } from '../../../worker/sandbox/server';

describe('startSandboxServer', () => {
  it('listens, prints the base URL with the token, serves the API and stops', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const running = await startSandboxServer({
      PORT: '0',
      SANDBOX_TOKEN: 'local-token',
      SANDBOX_CREATORS: '500',
    });
    try {
      expect(running.baseUrl).toMatch(/^http:\/\/localhost:\d+\/v1$/);
      expect(log).toHaveBeenCalledWith(`Sandbox Discovery API at ${running.baseUrl} (token: local-token)`);
      const base = running.baseUrl.replace(/\/v1$/, '');
      const health = await request(base).get('/v1/health');
      expect(health.body).toEqual({ status: 'ok' });
      const info = await request(base).get('/v1/user/info').set('Authorization', 'Bearer local-token');
      expect(info.body.billing).toEqual({ credits: 1000, rawRequests: 10_000 });
      // The real world and handlers are mounted: the free test report of the spec answers.
      const report = await request(base)
        .get('/v1/instagram/profile/instagram/report')
        .set('Authorization', 'Bearer local-token');
      expect(report.status).toBe(200);
      expect(report.body.profile.profile.username).toBe('instagram');
    } finally {
      await running.stop();
      log.mockRestore();
    }
    expect(running.server.listening).toBe(false);
  });

  it('listens on this machine only unless HOST says otherwise, and says so when it does', async () => {
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const env = { PORT: '0', SANDBOX_CREATORS: '500' };
    const local = await startSandboxServer(env);
    const open = await startSandboxServer({ ...env, HOST: '0.0.0.0' });
    try {
      expect((local.server.address() as AddressInfo).address).toBe('127.0.0.1');
      expect((open.server.address() as AddressInfo).address).toBe('0.0.0.0');
      expect(log).toHaveBeenCalledWith(
        'Sandbox: listening on 0.0.0.0, reachable from other machines; its tokens are no secret',
      );
      expect(log).toHaveBeenCalledTimes(3);
    } finally {
      await local.stop();
      await open.stop();
      log.mockRestore();
    }
    await expect(startSandboxServer({ ...env, HOST: 'not a host' })).rejects.toThrow(
      /HOST must be an IP address/,
    );
  });

  it('refuses a bad configuration before listening', async () => {
    await expect(startSandboxServer({ SANDBOX_CREDIT: '5' })).rejects.toThrow(/did you mean SANDBOX_CREDITS/);
  });
});
