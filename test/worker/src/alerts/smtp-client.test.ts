import type { SmtpSettings } from '../../../../worker/src/alerts/smtp-client';
import { sendMail, SmtpError } from '../../../../worker/src/alerts/smtp-client';
import {
  mailBody,
  mailHeader,
  startSmtpTestServer,
  type SmtpTestServer,
} from '../../../support/smtp-test-server';
import { testCertificate } from '../../../support/test-certificate';

const certificate = testCertificate();
const servers: SmtpTestServer[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => server.close()));
});

async function server(options: Parameters<typeof startSmtpTestServer>[0]) {
  const started = await startSmtpTestServer(options);
  servers.push(started);
  return started;
}

function settings(port: number, over: Partial<SmtpSettings> = {}): SmtpSettings {
  return {
    host: '127.0.0.1',
    port,
    security: 'starttls',
    user: 'alerts',
    password: 'hunter2-Secret',
    from: 'alerts@team.test',
    ...over,
  };
}

const message = {
  to: ['ana@team.test', 'bob@team.test'],
  subject: 'Creator Sheets: "Wöchentlich" failed',
  text: 'The run failed.\n.a line starting with a dot\nThe end.',
};

describe('plain SMTP (alerts/smtp-client.ts) against a local SMTP server', () => {
  it('upgrades with STARTTLS, signs in only then, and delivers the message to every recipient', async () => {
    const smtp = await server({ tls: certificate, user: 'alerts', password: 'hunter2-Secret' });
    await sendMail(settings(smtp.port), message, { ca: certificate.cert });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ from: 'alerts@team.test', to: message.to, tls: true, user: 'alerts' });
    expect(mailHeader(mail, 'Subject')).toBe(
      `=?UTF-8?B?${Buffer.from(message.subject, 'utf8').toString('base64')}?=`,
    );
    expect(mailBody(mail)).toBe(message.text.replace(/\n/g, '\r\n'));
    // Nothing of the password crossed in the clear: only EHLO and STARTTLS did.
    expect(smtp.plainLines).toEqual(['EHLO creator-sheets-worker', 'STARTTLS']);
  });

  it('refuses to send in the clear when the server offers no STARTTLS', async () => {
    const smtp = await server({ user: 'alerts', password: 'hunter2-Secret', plainAuth: true });
    await expect(sendMail(settings(smtp.port), message)).rejects.toThrow(/does not offer STARTTLS/);
    expect(smtp.received).toHaveLength(0);
    expect(smtp.plainLines.join('\n')).not.toContain('AUTH');
  });

  it("says the server's refusal of a wrong password in words, without the password", async () => {
    const smtp = await server({ tls: certificate, user: 'alerts', password: 'other' });
    const failure = await sendMail(settings(smtp.port), message, { ca: certificate.cert }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SmtpError);
    expect((failure as SmtpError).message).toBe(
      'The mail server refused the sign-in (AUTH PLAIN) of SMTP_USER: 535 5.7.8 bad credentials',
    );
    expect(JSON.stringify(failure)).not.toContain('hunter2');
  });

  it('does not trust a certificate it was not given', async () => {
    const smtp = await server({ tls: certificate, user: 'alerts', password: 'hunter2-Secret' });
    await expect(sendMail(settings(smtp.port), message)).rejects.toThrow(/self-signed|certificate/);
    expect(smtp.received).toHaveLength(0);
  });

  it('sends to a relay on this machine without TLS or sign-in when told to (SMTP_SECURITY=none)', async () => {
    const smtp = await server({});
    await sendMail(settings(smtp.port, { security: 'none', user: null, password: null }), message);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ tls: false, user: null });
  });
});
