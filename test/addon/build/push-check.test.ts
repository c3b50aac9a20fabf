import { checkPushWorkerUrl } from '../../../addon/build/push-check';

/** Issue 13: a push never ships an add-on that cannot reach its worker. */
describe('checkPushWorkerUrl', () => {
  it('takes an https worker, with the trailing slash the allow-list wants', () => {
    expect(checkPushWorkerUrl({ WORKER_URL: 'https://worker.example.com' })).toBe(
      'https://worker.example.com/',
    );
  });

  it('refuses the local default and plain http, saying what to do', () => {
    expect(() => checkPushWorkerUrl({})).toThrow(/WORKER_URL is not set: push with WORKER_URL=https:/);
    expect(() => checkPushWorkerUrl({ WORKER_URL: 'http://worker.example.com/' })).toThrow(
      /is not https: Apps Script fetches only https URLs/,
    );
  });

  it('lets a development build call localhost when it says so', () => {
    expect(checkPushWorkerUrl({ PUSH_LOCAL_WORKER: '1' })).toBe('http://localhost:8787/');
    expect(checkPushWorkerUrl({ PUSH_LOCAL_WORKER: '1', WORKER_URL: 'http://10.0.0.5:8787/' })).toBe(
      'http://10.0.0.5:8787/',
    );
  });
});
