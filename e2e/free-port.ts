import { createServer } from 'node:net';

/** Linux hands out ports from 32768 up for outgoing connections and for listen(0); ours are below. */
const LOWEST = 20_000;
const SPAN = 12_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A free port for a server process that listens only once it has started (seconds later). It is taken
 * from below the range the system picks from by itself, so no connection opened meanwhile (the unit and
 * API tests run beside the journeys) can be given it first.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = LOWEST + Math.floor(Math.random() * SPAN);
    if (await canListen(port)) return port;
  }
}
