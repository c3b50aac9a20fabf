import type { AddressInfo } from 'node:net';
import type { SheetsApiEmulator } from './sheets-api-emulator';

export interface ServedEmulator {
  /** e.g. "http://127.0.0.1:PORT/": the googleapis `rootUrl`, and the worker's GOOGLE_API_URL. */
  url: string;
  close(): Promise<void>;
}

/** Listens on loopback (an ephemeral port unless one is given) until `close`. */
export function serveSheetsApiEmulator(
  emulator: SheetsApiEmulator,
  options: { port?: number; host?: string } = {},
): Promise<ServedEmulator> {
  const host = options.host ?? '127.0.0.1';
  return new Promise((resolve, reject) => {
    const server = emulator.app.listen(options.port ?? 0, host, (error?: Error) => {
      if (error !== undefined) {
        reject(error);
        return;
      }
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${port}/`,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
