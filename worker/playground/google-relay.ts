import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * The worker's door to the playground's Sheets API emulator, open at once. The emulator listens
 * in the Apps Script process (playground-google.ts), which takes a second or two to start, and
 * the worker is wired to its Google when it starts: rather than keep the worker from serving
 * until then, it is given this loopback address, and each connection is piped to the emulator as
 * soon as it listens (one that comes earlier waits; one that comes when it could not start is
 * closed, which the worker reports as Google unreachable).
 */
export interface GoogleRelay {
  /** e.g. "http://127.0.0.1:PORT/": the worker's GOOGLE_API_URL. */
  readonly url: string;
  close(): Promise<void>;
}

export function startGoogleRelay(emulatorUrl: Promise<string>): Promise<GoogleRelay> {
  // Its failure is answered per connection (closed); with none, nobody needs to hear of it.
  emulatorUrl.catch(() => undefined);
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A reset on either side ends the pair: the other side's error is the one to see.
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    emulatorUrl.then(
      (url) => {
        if (client.destroyed) return;
        const { hostname, port } = new URL(url);
        const emulator = connect(Number(port), hostname);
        track(emulator);
        client.once('close', () => emulator.destroy());
        emulator.once('close', () => client.destroy());
        // What the client sent while the emulator started waits in its buffer until now.
        client.pipe(emulator).pipe(client);
      },
      () => client.destroy(),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        close: () =>
          new Promise<void>((done) => {
            for (const socket of sockets) socket.destroy();
            server.close(() => done());
          }),
      });
    });
  });
}
