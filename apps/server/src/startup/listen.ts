import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

export interface Listening {
  port: number;
  /** Closes the extra IPv6 loopback listener, if one was opened. */
  closeExtra(): Promise<void>;
}

function listenOn(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Starts listening. For HOST=localhost it binds 127.0.0.1 and also ::1 (when the machine has
 * IPv6 loopback), whatever /etc/hosts says, so `localhost`, `127.0.0.1` and `*.localhost`
 * hosts all connect. The ::1 listener hands its requests to the same Fastify app.
 */
export async function listen(app: FastifyInstance, host: string, port: number): Promise<Listening> {
  if (host !== 'localhost') {
    await app.listen({ host, port });
    return { port: (app.server.address() as AddressInfo).port, closeExtra: async () => {} };
  }
  await app.listen({ host: '127.0.0.1', port });
  const boundPort = (app.server.address() as AddressInfo).port;
  const v6 = createServer((req, res) => app.server.emit('request', req, res));
  try {
    await listenOn(v6, boundPort, '::1');
  } catch (error) {
    app.log.warn({ err: error }, 'not listening on ::1 (no IPv6 loopback); 127.0.0.1 only');
    return { port: boundPort, closeExtra: async () => {} };
  }
  app.log.info(`Server listening at http://[::1]:${boundPort}`);
  return {
    port: boundPort,
    closeExtra: () =>
      new Promise<void>((resolve) => {
        v6.closeAllConnections();
        v6.close(() => resolve());
      }),
  };
}
