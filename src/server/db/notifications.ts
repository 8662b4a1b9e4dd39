import pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';

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
    const candidate = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
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
    candidate.on('end', () => {
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
      await open?.end().catch(() => {});
    },
  };
}
