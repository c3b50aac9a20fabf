import { readWorkerUrl } from '../../../../addon/sidebar/settings/worker-url-input';

describe('readWorkerUrl', () => {
  it('takes an https URL, or http for a local worker, trimmed', () => {
    expect(readWorkerUrl(' https://creators.example.com/ ')).toEqual({
      ok: true,
      value: 'https://creators.example.com/',
    });
    expect(readWorkerUrl('http://localhost:8787')).toEqual({ ok: true, value: 'http://localhost:8787' });
  });

  it('says what a worker URL looks like when it is not one', () => {
    expect(readWorkerUrl('')).toEqual({
      ok: false,
      message: 'Type the worker URL your admin gave you, e.g. https://creators.example.com/.',
    });
    expect(readWorkerUrl('creators.example.com')).toEqual({
      ok: false,
      message:
        'The worker URL must start with https:// (or http:// for a local worker), got "creators.example.com".',
    });
    expect(readWorkerUrl('https://creators.example.com/a b').ok).toBe(false);
  });
});
