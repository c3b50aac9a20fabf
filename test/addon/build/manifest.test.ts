import { buildManifest } from '../../../addon/build/manifest';

describe('buildManifest', () => {
  it('keeps every setting and whitelists only the worker', () => {
    const source = JSON.stringify({
      runtimeVersion: 'V8',
      oauthScopes: ['openid'],
      urlFetchWhitelist: ['https://old.example/'],
    });
    expect(JSON.parse(buildManifest(source, 'https://worker.example.com/'))).toEqual({
      runtimeVersion: 'V8',
      oauthScopes: ['openid'],
      urlFetchWhitelist: ['https://worker.example.com/'],
    });
  });

  it('refuses a whitelist entry without the trailing slash and a manifest that is not an object', () => {
    expect(() => buildManifest('{}', 'https://worker.example.com')).toThrow('must end with a slash');
    expect(() => buildManifest('[]', 'https://worker.example.com/')).toThrow(
      'appsscript.json must hold a JSON object',
    );
  });
});
