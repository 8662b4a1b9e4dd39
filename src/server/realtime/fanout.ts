import { lt, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client.js';
import type { Listener } from '../db/notifications.js';
import { realtimePayloads } from '../db/schema.js';

/** The one NOTIFY channel all live traffic shares; the topic inside each payload says whose it is. */
export const LIVE_CHANNEL = 'live';

/** NOTIFY refuses payloads of 8,000 bytes or more; anything larger travels through `realtime_payloads`. */
const INLINE_LIMIT_BYTES = 7_000;

export type LiveHandler = (message: unknown) => void;

/**
 * Live messages between the app servers that share one database: a publisher's message reaches every
 * subscriber of its topic, on any server, in the order it was published, once the publisher's transaction
 * commits (NOTIFY is transactional). On PGlite the same calls stay in the process.
 */
export interface Fanout {
  /** Publishes to every subscriber of `topic`; given a transaction, only if it commits. */
  publish(db: Database, topic: string, message: unknown): Promise<void>;
  /** Receives the topic's messages until the returned function is called. */
  subscribe(topic: string, handler: LiveHandler): () => void;
  /**
   * Called when this server's listener connected again after a break: messages published meanwhile were
   * lost, so a subscriber reads afresh what it shows (or tells its clients to).
   */
  onResync(handler: () => void): () => void;
  close(): Promise<void>;
}

interface Envelope {
  /** Topic. */
  t: string;
  /** The message, when it fitted. */
  m?: unknown;
  /** Else the `realtime_payloads` row that holds it. */
  r?: number;
}

export async function openFanout(database: DatabaseHandle, log: FastifyBaseLogger): Promise<Fanout> {
  const topics = new Map<string, Set<LiveHandler>>();
  const resyncHandlers = new Set<() => void>();
  // Per topic, deliveries wait for the one before: a large message read from its row is not overtaken
  // by a small one published after it (an offer and then its ICE candidates, say).
  const deliveries = new Map<string, Promise<void>>();
  let connections = 0;

  const deliver = (topic: string, message: unknown) => {
    for (const handler of topics.get(topic) ?? []) {
      try {
        handler(message);
      } catch (err) {
        log.error({ err, topic }, 'live message handler failed');
      }
    }
  };

  const readPayload = async (id: number): Promise<unknown> => {
    const [row] = await database.db.select({ body: realtimePayloads.body }).from(realtimePayloads).where(eq(realtimePayloads.id, id));
    return row ? JSON.parse(row.body) : undefined;
  };

  const onNotification = (payload: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (!topics.has(envelope.t)) return;
    const previous = deliveries.get(envelope.t) ?? Promise.resolve();
    const next = previous.then(async () => {
      const message = envelope.r === undefined ? envelope.m : await readPayload(envelope.r).catch((err: unknown) => {
        log.warn({ err, topic: envelope.t }, 'a live message could not be read');
        return undefined;
      });
      if (message !== undefined) deliver(envelope.t, message);
    });
    deliveries.set(envelope.t, next);
    void next.finally(() => {
      if (deliveries.get(envelope.t) === next) deliveries.delete(envelope.t);
    });
  };

  const listener: Listener = await database.listen(LIVE_CHANNEL, {
    onNotification,
    onConnect: () => {
      connections += 1;
      if (connections === 1) return;
      for (const handler of resyncHandlers) handler();
    },
  });

  return {
    async publish(db, topic, message) {
      const inline = JSON.stringify({ t: topic, m: message } satisfies Envelope);
      let payload = inline;
      if (Buffer.byteLength(inline) > INLINE_LIMIT_BYTES) {
        const [row] = await db.insert(realtimePayloads).values({ body: JSON.stringify(message) }).returning({ id: realtimePayloads.id });
        payload = JSON.stringify({ t: topic, r: row!.id } satisfies Envelope);
        await db.delete(realtimePayloads).where(lt(realtimePayloads.createdAt, sql`now() - interval '10 minutes'`));
      }
      await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
    },

    subscribe(topic, handler) {
      let handlers = topics.get(topic);
      if (!handlers) topics.set(topic, (handlers = new Set()));
      handlers.add(handler);
      return () => {
        handlers.delete(handler);
        if (handlers.size === 0 && topics.get(topic) === handlers) topics.delete(topic);
      };
    },

    onResync(handler) {
      resyncHandlers.add(handler);
      return () => resyncHandlers.delete(handler);
    },

    close: () => listener.close(),
  };
}
