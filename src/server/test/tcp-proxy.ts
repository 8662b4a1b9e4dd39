import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A tiny TCP proxy on 127.0.0.1 in front of a real server (the test PostgreSQL), for outage tests: it
 * forwards bytes both ways until told to fail, and can then refuse new connections (nothing listens, so
 * connects get ECONNREFUSED), cut the open ones (the peer sees its connection end mid-use), stall
 * (connections are accepted and never answered, as behind a dropped route), or pause (the open connections
 * stay open and carry nothing, new ones are held, until resume() passes everything on as it was).
 */
export interface TcpProxy {
  /** The port the proxy listens on (kept across refuse/restore). */
  readonly port: number;
  /** The connection string `url` rewritten to go through the proxy. */
  urlThrough(url: string): string;
  /** Connections opened through the proxy so far. */
  readonly connections: number;
  /** Destroys every open connection (both sides), without stopping new ones. */
  cut(): void;
  /** Stops listening and cuts every open connection: new connects are refused until restore(). */
  refuse(): Promise<void>;
  /** Cuts every open connection; new ones are accepted but nothing passes, until restore(). */
  stall(): Promise<void>;
  /** Nothing passes either way on the open connections, and new ones are held, until resume(): nothing is cut. */
  pause(): void;
  /**
   * Forwards again what was held back by pause(), on the same connections; with `stranded`, the
   * connections open before the pause stay silent for good (a lost route: no end, no reset), and only
   * those held or opened since pass.
   */
  resume(options?: { stranded?: boolean }): void;
  /** Listens again on the same port and forwards again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let connections = 0;
  let server: Server | undefined;
  let port = 0;
  let stalled = false;
  let paused = false;
  /** Each forwarded connection as [client, upstream]. */
  const pairs = new Set<[Socket, Socket]>();
  /** Connections accepted while paused: they get their upstream on resume(). */
  const held = new Set<Socket>();

  const forward = (client: Socket) => {
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    open.add(upstream);
    pairs.add(pair);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
      pairs.delete(pair);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = createServer((client) => {
        connections += 1;
        if (stalled) {
          open.add(client);
          client.on('error', () => client.destroy()).on('close', () => open.delete(client));
          return;
        }
        open.add(client);
        if (!paused) return forward(client);
        client.pause();
        held.add(client);
        client.on('error', () => client.destroy()).on('close', () => {
          held.delete(client);
          open.delete(client);
        });
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as { port: number }).port;
        server = next;
        resolve();
      });
    });

  const cut = () => {
    for (const socket of open) socket.destroy();
    open.clear();
  };

  const stopListening = () =>
    new Promise<void>((resolve) => {
      const current = server;
      server = undefined;
      if (!current) return resolve();
      current.close(() => resolve());
      cut();
    });

  await listen();
  return {
    get port() {
      return port;
    },
    get connections() {
      return connections;
    },
    urlThrough(url) {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(port);
      return through.toString();
    },
    cut,
    refuse: stopListening,
    pause() {
      paused = true;
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream).pause();
        upstream.unpipe(client).pause();
      }
    },
    resume({ stranded = false } = {}) {
      if (!paused) return;
      paused = false;
      for (const pair of pairs) {
        const [client, upstream] = pair;
        if (stranded) {
          pairs.delete(pair);
          continue;
        }
        client.pipe(upstream);
        upstream.pipe(client);
      }
      for (const client of held) {
        held.delete(client);
        forward(client);
      }
    },
    async stall() {
      stalled = true;
      cut();
      if (!server) await listen();
    },
    async restore() {
      // Connections held while stalled end now, so their clients fail at once and connect again.
      if (stalled) cut();
      stalled = false;
      if (!server) await listen();
    },
    close: stopListening,
  };
}
