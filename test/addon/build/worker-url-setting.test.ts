import { LOCAL_WORKER_URL, resolveWorkerUrl } from '../../../addon/build/worker-url-setting';

describe('resolveWorkerUrl', () => {
  it('defaults to the local worker, with a note saying so', () => {
    for (const value of [undefined, '', '  ']) {
      const setting = resolveWorkerUrl(value);
      expect(setting).toMatchObject({ url: LOCAL_WORKER_URL, defaulted: true });
      expect(setting.notes.join()).toContain('WORKER_URL is not set');
    }
    expect(LOCAL_WORKER_URL).toBe('http://localhost:8787/');
  });

  it('adds the trailing slash Apps Script whitelist entries need', () => {
    expect(resolveWorkerUrl('https://worker.example.com').url).toBe('https://worker.example.com/');
    expect(resolveWorkerUrl('https://worker.example.com/creator-sheets').url).toBe(
      'https://worker.example.com/creator-sheets/',
    );
    expect(resolveWorkerUrl(' https://worker.example.com/v1/ ')).toEqual({
      url: 'https://worker.example.com/v1/',
      defaulted: false,
      notes: [],
    });
  });

  it('warns that a plain http URL will not pass Apps Script', () => {
    expect(resolveWorkerUrl('http://127.0.0.1:9000').notes).toEqual([
      "WORKER_URL http://127.0.0.1:9000/ is plain http: Apps Script's urlFetchWhitelist takes https URLs only.",
    ]);
  });

  it.each([
    ['worker.example.com', 'WORKER_URL must be an http(s) URL'],
    ['ftp://worker.example.com/', 'WORKER_URL must start with https:// or http://'],
    ['https://user:secret@worker.example.com/', 'without credentials, query or fragment'],
    ['https://worker.example.com/?key=1', 'without credentials, query or fragment'],
  ])('refuses %s', (value, message) => {
    expect(() => resolveWorkerUrl(value)).toThrow(message);
  });
});
