import { createServer, type Server, type Socket } from 'node:net';
import { TLSSocket } from 'node:tls';

/**
 * A small SMTP server on loopback for tests, speaking the protocol for real: EHLO, STARTTLS (with
 * the certificate given), AUTH PLAIN, MAIL, RCPT, DATA (dot-stuffing undone), QUIT. It keeps what
 * it received, and refuses what a real relay refuses: AUTH before TLS (unless `plainAuth`), a
 * wrong password, MAIL before a sign-in it requires.
 */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent, headers and body, CRLF line ends. */
  data: string;
  /** Whether the connection was TLS when the message was sent. */
  tls: boolean;
  user: string | null;
}

export interface SmtpTestServerOptions {
  tls?: { key: string; cert: string };
  /** Sign-in the server asks for; none: anyone may send. */
  user?: string;
  password?: string;
  /** Accept AUTH in the clear (a relay on this machine). */
  plainAuth?: boolean;
}

export interface SmtpTestServer {
  port: number;
  received: ReceivedMail[];
  /** Every line clients sent, as received (tests check no password went in the clear). */
  plainLines: string[];
  close(): Promise<void>;
}

export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = [];
  const plainLines: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((raw) => {
    sockets.add(raw);
    raw.on('close', () => sockets.delete(raw));
    serve(raw, options, received, plainLines);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    received,
    plainLines,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function serve(raw: Socket, options: SmtpTestServerOptions, received: ReceivedMail[], plainLines: string[]) {
  let socket: Socket = raw;
  let secure = false;
  let user: string | null = null;
  let mail: { from: string; to: string[] } | null = null;
  let data: string[] | null = null;
  let buffer = '';
  const reply = (line: string) => socket.write(`${line}\r\n`);

  const onLine = (line: string) => {
    if (!secure) plainLines.push(line);
    if (data !== null) {
      if (line === '.') {
        received.push({
          from: mail?.from ?? '',
          to: mail?.to ?? [],
          data: data.join('\r\n'),
          tls: secure,
          user,
        });
        data = null;
        mail = null;
        reply('250 2.0.0 queued');
      } else data.push(line.startsWith('..') ? line.slice(1) : line);
      return;
    }
    const [verb = '', ...rest] = line.split(' ');
    const argument = rest.join(' ');
    switch (verb.toUpperCase()) {
      case 'EHLO':
        reply('250-smtp.test greets you');
        if (options.tls !== undefined && !secure) reply('250-STARTTLS');
        reply('250 AUTH PLAIN');
        return;
      case 'STARTTLS': {
        if (options.tls === undefined) return reply('502 5.5.1 no TLS here');
        reply('220 2.0.0 go ahead');
        raw.removeAllListeners('data');
        const tls = new TLSSocket(raw, { isServer: true, key: options.tls.key, cert: options.tls.cert });
        socket = tls;
        secure = true;
        tls.on('data', onData);
        tls.on('error', () => raw.destroy());
        return;
      }
      case 'AUTH': {
        if (!secure && options.plainAuth !== true) return reply('538 5.7.11 encryption required');
        const [, user64 = ''] = argument.split(' ');
        const [, name = '', password = ''] = Buffer.from(user64, 'base64').toString('utf8').split('\0');
        if (name !== options.user || password !== options.password) return reply('535 5.7.8 bad credentials');
        user = name;
        return reply('235 2.7.0 accepted');
      }
      case 'MAIL':
        if (options.user !== undefined && user === null) return reply('530 5.7.0 sign in first');
        mail = { from: /<(.*)>/.exec(argument)?.[1] ?? '', to: [] };
        return reply('250 2.1.0 ok');
      case 'RCPT':
        if (mail === null) return reply('503 5.5.1 MAIL first');
        mail.to.push(/<(.*)>/.exec(argument)?.[1] ?? '');
        return reply('250 2.1.5 ok');
      case 'DATA':
        if (mail === null || mail.to.length === 0) return reply('503 5.5.1 RCPT first');
        data = [];
        return reply('354 end with .');
      case 'QUIT':
        reply('221 2.0.0 bye');
        socket.end();
        return;
      default:
        return reply('500 5.5.2 unknown command');
    }
  };
  function onData(chunk: Buffer) {
    buffer += chunk.toString('utf8');
    let end = buffer.indexOf('\r\n');
    while (end >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      onLine(line);
      end = buffer.indexOf('\r\n');
    }
  }
  raw.on('data', onData);
  raw.on('error', () => undefined);
  reply('220 smtp.test ready');
}

/** The text part of a received message (base64 as the worker sends it), decoded. */
export function mailBody(mail: ReceivedMail): string {
  const [, body = ''] = mail.data.split('\r\n\r\n');
  return Buffer.from(body.replace(/\r\n/g, ''), 'base64').toString('utf8');
}

/** A header's value. */
export function mailHeader(mail: ReceivedMail, name: string): string | null {
  const line = mail.data
    .split('\r\n')
    .find((candidate) => candidate.toLowerCase().startsWith(`${name.toLowerCase()}: `));
  return line === undefined ? null : line.slice(name.length + 2);
}
