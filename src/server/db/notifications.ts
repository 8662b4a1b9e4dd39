import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import { POSTGRES_TIMEOUTS } from './postgres-pool.js';

/** What a listener on a notification channel is told. */
export interface NotificationHandlers {
  onNotification(payload: string): void;
  /**
   * The listener is connected, for the first time or again after losing its connection: notifications
   * sent meanwhile were lost, so whatever depends on them reads the database afresh.
   */
  onConnect(): void;
}

export interface Listener {
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

function checkChannel(channel: string): void {
  // LISTEN takes an identifier, not a parameter; lower case, because PGlite's listen() folds it.
  if (!CHANNEL_NAME.test(channel)) throw new Error(`invalid channel name: ${channel}`);
}

/** On the embedded database notifications stay in the process: nothing to lose, nothing to reconnect. */
export async function listenOnPglite(client: PGlite, channel: string, handlers: NotificationHandlers): Promise<Listener> {
  checkChannel(channel);
  const unlisten = await client.listen(channel, handlers.onNotification);
  handlers.onConnect();
  // Closed after the database (a shutdown, a test): its listeners went with it.
  return { close: () => unlisten().catch(() => {}) };
}

const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 5_000;
/**
 * How often the listening connection is asked a trivial query. A connection that stalls without ending
 * (a lost route: no end, no reset) would leave the listener deaf for good; a query unanswered within the
 * query time limit ends it, and the listener connects again and its owner re-reads.
 */
const HEARTBEAT_MS = 10_000;
/** A server that answers closes a connection at once; one that stalled never would. */
const CLOSE_WAIT_MS = 1_000;

/** Ends a client, without waiting for good on a connection that no longer answers. */
async function endClient(client: pg.Client): Promise<void> {
  const timer = setTimeout(() => client.connection.stream.destroy(), CLOSE_WAIT_MS);
  await client.end().catch(() => {});
  clearTimeout(timer);
}

/**
 * On PostgreSQL a connection of its own runs LISTEN (a pooled one would be handed to other queries). When
 * it breaks (PostgreSQL restarting, a network cut) it connects again, with growing pauses, until closed.
 * Resolves once the first attempt to connect has succeeded or failed.
 */
export async function listenOnPostgres(url: string, channel: string, handlers: NotificationHandlers): Promise<Listener> {
  checkChannel(channel);
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = FIRST_RETRY_MS;

  const scheduleConnect = () => {
    if (closed) return;
    retry = setTimeout(() => void connect(), delay);
    retry.unref();
    delay = Math.min(delay * 2, LAST_RETRY_MS);
  };

  const connect = async () => {
    const candidate = new pg.Client({ connectionString: url, keepAlive: true, ...POSTGRES_TIMEOUTS });
    // A broken connection emits 'error' and then 'end'; without a listener 'error' would end the process.
    candidate.on('error', () => {});
    candidate.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotification(message.payload ?? '');
    });
    try {
      await candidate.connect();
      await candidate.query(`LISTEN ${channel}`);
    } catch {
      await candidate.end().catch(() => {});
      scheduleConnect();
      return;
    }
    if (closed) {
      await candidate.end().catch(() => {});
      return;
    }
    const heartbeat = setInterval(() => {
      candidate.query('select 1').catch(() => candidate.end().catch(() => {}));
    }, HEARTBEAT_MS);
    heartbeat.unref();
    candidate.on('end', () => {
      clearInterval(heartbeat);
      if (client !== candidate) return;
      client = null;
      scheduleConnect();
    });
    client = candidate;
    delay = FIRST_RETRY_MS;
    handlers.onConnect();
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      const open = client;
      client = null;
      if (open) await endClient(open);
    },
  };
}
