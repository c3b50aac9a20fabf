import { randomBytes } from 'node:crypto';
import { connect as connectPlain, isIP, type Socket } from 'node:net';
import { checkServerIdentity, connect as connectTls, type ConnectionOptions, type TLSSocket } from 'node:tls';

/**
 * A mail server: `starttls` upgrades a plain connection before anything is said (refused when the
 * server cannot), `tls` is TLS from the first byte (port 465), `none` sends in the clear and is only
 * for a server on this machine.
 */
export interface SmtpSettings {
  host: string;
  port: number;
  security: 'starttls' | 'tls' | 'none';
  /** Both or neither: AUTH PLAIN over the protected connection. */
  user: string | null;
  password: string | null;
  /** The sender's address. */
  from: string;
}

/**
 * Plain SMTP (RFC 5321) over node:net and node:tls, enough to send one short text message: the
 * worker sends a handful of alerts a day, which does not justify a mail library and its updates.
 * `starttls` upgrades before anything else is said and refuses a server that cannot; the password
 * goes only over TLS (or to a server on this machine, SMTP_SECURITY=none) with AUTH PLAIN. Errors
 * carry the server's reply, never the password.
 */
export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
}

export interface SmtpClientOptions {
  /** Certificates to trust besides the system's (tests, a private mail relay). */
  ca?: string | Buffer;
  /** The whole exchange, connecting included. */
  timeoutMs?: number;
  /** The name the worker gives in EHLO. */
  clientName?: string;
  now?: () => number;
}

export class SmtpError extends Error {
  override readonly name = 'SmtpError';
  constructor(
    message: string,
    readonly code: number | null = null,
  ) {
    super(message);
  }
}

const DEFAULT_TIMEOUT_MS = 20_000;

interface Reply {
  code: number;
  lines: string[];
}

/** Replies off a socket, one at a time: `NNN-text` lines continue, `NNN text` ends one. */
class ReplyReader {
  private buffer = '';
  private readonly lines: string[] = [];
  private waiting: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(socket: Socket) {
    this.attach(socket);
  }

  attach(socket: Socket): void {
    // Bytes, not an encoding set on the socket: STARTTLS hands the same socket to TLS afterwards.
    socket.on('data', (chunk: Buffer) => {
      this.buffer += chunk.toString('utf8');
      let end = this.buffer.indexOf('\r\n');
      while (end >= 0) {
        this.lines.push(this.buffer.slice(0, end));
        this.buffer = this.buffer.slice(end + 2);
        end = this.buffer.indexOf('\r\n');
      }
      this.deliver();
    });
    socket.on('error', (error: Error) => this.fail(error));
    socket.on('close', () => this.fail(new SmtpError('The mail server closed the connection.')));
  }

  next(): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.deliver();
    });
  }

  private fail(error: Error): void {
    this.failure ??= error;
    this.deliver();
  }

  private deliver(): void {
    if (this.waiting === null) return;
    const last = this.lines.findIndex((line) => /^\d{3}(?: |$)/.test(line));
    if (last >= 0) {
      const lines = this.lines.splice(0, last + 1);
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ code: Number(lines[last].slice(0, 3)), lines: lines.map((line) => line.slice(4)) });
    } else if (this.failure !== null) {
      const { reject } = this.waiting;
      this.waiting = null;
      reject(this.failure);
    }
  }
}

/** Sends one message; resolves once the server accepted it (250 after the data). */
export async function sendMail(
  settings: SmtpSettings,
  message: MailMessage,
  options: SmtpClientOptions = {},
): Promise<void> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  let socket: Socket = await open(settings, options);
  const timer = setTimeout(
    () => socket.destroy(new SmtpError(`The mail server did not finish within ${timeoutMs / 1000} s.`)),
    timeoutMs,
  );
  timer.unref();
  let reader = new ReplyReader(socket);
  const say = async (line: string | null, expected: number[], what: string): Promise<Reply> => {
    if (line !== null) socket.write(`${line}\r\n`);
    const reply = await reader.next();
    if (!expected.includes(reply.code)) {
      throw new SmtpError(
        `The mail server refused ${what}: ${reply.code} ${reply.lines.join(' ').slice(0, 300)}`,
        reply.code,
      );
    }
    return reply;
  };
  const name = options.clientName ?? 'creator-sheets-worker';
  try {
    await say(null, [220], 'the connection');
    let hello = await say(`EHLO ${name}`, [250], 'EHLO');
    if (settings.security === 'starttls') {
      if (!offers(hello, 'STARTTLS')) {
        throw new SmtpError(
          'The mail server does not offer STARTTLS, and SMTP_SECURITY=starttls sends nothing in the clear.',
        );
      }
      await say('STARTTLS', [220], 'STARTTLS');
      socket.removeAllListeners('data');
      socket = await upgrade(socket, settings.host, options);
      reader = new ReplyReader(socket);
      hello = await say(`EHLO ${name}`, [250], 'EHLO');
    }
    if (settings.user !== null && settings.password !== null) {
      const plain = Buffer.from(`\0${settings.user}\0${settings.password}`, 'utf8').toString('base64');
      await say(`AUTH PLAIN ${plain}`, [235], 'the sign-in (AUTH PLAIN) of SMTP_USER');
    }
    await say(`MAIL FROM:<${clean(settings.from)}>`, [250], 'the sender');
    for (const to of message.to) await say(`RCPT TO:<${clean(to)}>`, [250, 251], 'a recipient');
    await say('DATA', [354], 'the message');
    socket.write(
      `${dotStuffed(messageText(settings.from, message, options.now?.() ?? Date.now()))}\r\n.\r\n`,
    );
    await say(null, [250], 'the message');
    socket.write('QUIT\r\n');
  } finally {
    clearTimeout(timer);
    socket.end();
  }
}

function offers(hello: Reply, extension: string): boolean {
  return hello.lines.some((line) => line.toUpperCase().split(' ')[0] === extension);
}

async function open(settings: SmtpSettings, options: SmtpClientOptions): Promise<Socket> {
  if (settings.security === 'tls') {
    const socket = connectTls({
      ...serverName(settings.host),
      host: settings.host,
      port: settings.port,
      ...(options.ca === undefined ? {} : { ca: options.ca }),
    });
    await connected(socket, 'secureConnect', settings);
    return socket;
  }
  const socket = connectPlain({ host: settings.host, port: settings.port });
  await connected(socket, 'connect', settings);
  return socket;
}

function upgrade(socket: Socket, host: string, options: SmtpClientOptions): Promise<TLSSocket> {
  const secure = connectTls({
    socket,
    servername: host,
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  });
  return connected(secure, 'secureConnect', { host, port: socket.remotePort ?? 0 }).then(() => secure);
}

/**
 * SNI names a host; an IP address goes without it (RFC 6066) and is checked against the
 * certificate's addresses by hand, as Node would not check it otherwise when upgrading a socket.
 */
function serverName(host: string): ConnectionOptions {
  if (isIP(host) === 0) return { servername: host, host };
  return { checkServerIdentity: (_name, cert) => checkServerIdentity(host, cert) };
}

function connected(
  socket: Socket,
  event: 'connect' | 'secureConnect',
  where: { host: string; port: number },
): Promise<void> {
  return new Promise((resolve, reject) => {
    socket.once(event, () => resolve());
    socket.once('error', (error: Error) =>
      reject(
        new SmtpError(`The mail server ${where.host}:${where.port} could not be reached: ${error.message}`),
      ),
    );
  });
}

/** No line breaks in a command or a header: an address or subject cannot add commands or headers. */
function clean(text: string): string {
  return text.replace(/[\r\n<>]/g, ' ').trim();
}

/** A header value in UTF-8 when it is not plain ASCII (RFC 2047). */
function headerText(text: string): string {
  const one = clean(text);
  return /^[\x20-\x7e]*$/.test(one) ? one : `=?UTF-8?B?${Buffer.from(one, 'utf8').toString('base64')}?=`;
}

function messageText(from: string, message: MailMessage, now: number): string {
  const body = Buffer.from(message.text.replace(/\r?\n/g, '\r\n'), 'utf8').toString('base64');
  const domain = clean(from).split('@')[1] ?? 'localhost';
  return [
    `From: ${clean(from)}`,
    `To: ${message.to.map(clean).join(', ')}`,
    `Subject: ${headerText(message.subject)}`,
    `Date: ${new Date(now).toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@${domain}>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    ...(body.match(/.{1,76}/g) ?? []),
  ].join('\r\n');
}

/** A line starting with "." gets another (RFC 5321 4.5.2), so no line ends the data early. */
function dotStuffed(text: string): string {
  return text.replace(/^\./gm, '..');
}
