import { checkWebhookUrl, postWebhook } from '../../../../worker/src/alerts/alert-webhook';
import { startWebhookReceiver, type WebhookReceiver } from '../../../support/webhook-receiver';

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

describe('chat webhook (alerts/alert-webhook.ts)', () => {
  it('takes https URLs, and http only on this machine', () => {
    expect(checkWebhookUrl(' https://chat.example.com/hooks/abc ')).toBe(
      'https://chat.example.com/hooks/abc',
    );
    expect(checkWebhookUrl('http://127.0.0.1:9/hooks/x')).toBe('http://127.0.0.1:9/hooks/x');
    expect(() => checkWebhookUrl('http://chat.example.com/hooks/abc')).toThrow('must be an https URL');
    expect(() => checkWebhookUrl('ftp://chat.example.com/x')).toThrow('must be an https URL');
    expect(() => checkWebhookUrl('chat.example.com/hooks')).toThrow('must be a whole URL');
    expect(() => checkWebhookUrl('https://me:pw@chat.example.com/x')).toThrow('must not carry a name');
  });

  it('posts { text } and resolves on 2xx', async () => {
    await postWebhook(receiver.url, 'Creator Sheets: "Weekly" failed');
    expect(receiver.posts.at(-1)).toEqual({
      path: '/hooks/T0pSecretHookPath9xyz',
      body: { text: 'Creator Sheets: "Weekly" failed' },
    });
  });

  it('says what went wrong without the URL', async () => {
    receiver.answer(404);
    const refused = await postWebhook(receiver.url, 'x').catch((error: Error) => error.message);
    receiver.answer(200);
    expect(refused).toBe('The chat webhook answered 404.');
    const unreachable = await postWebhook('http://127.0.0.1:1/hooks/T0pSecretHookPath9xyz', 'x').catch(
      (error: Error) => error.message,
    );
    expect(unreachable).toBe('The chat webhook could not be reached.');
  });
});
