import pg from 'pg';
import { DatabaseConnectError } from './connect-error.js';

/**
 * How long we wait on PostgreSQL: for a connection (a pooled one to come free, or a new one to be made)
 * and for the answer to each query. A connection that stalls (a lost route, a paused network) never
 * reaches PostgreSQL's own statement_timeout, so these limits, kept by the client, are what bound a
 * request; after them it fails and is answered 503 with Retry-After (see core/database-error.ts).
 */
export const CONNECT_TIMEOUT_MS = 5_000;
export const QUERY_TIMEOUT_MS = 5_000;

/**
 * After a client gave up, PostgreSQL may not know: over a lost route the session lives on, running its
 * statement or holding its transaction open, and with it the locks it took (a booking's lock on its
 * expert), so every later booking of that expert would wait on them. So the server, too, ends a statement
 * and a transaction left idle that outlast what any client of ours still waits for.
 */
const ABANDONED_AFTER_MS = 2 * QUERY_TIMEOUT_MS;

/** pg's settings for those limits, for every pool of ours (the app's, pg-boss's) and the listener's client. */
export const POSTGRES_TIMEOUTS = {
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  query_timeout: QUERY_TIMEOUT_MS,
  statement_timeout: ABANDONED_AFTER_MS,
  idle_in_transaction_session_timeout: ABANDONED_AFTER_MS,
} as const;

/** pg's message for a query that got no answer within `query_timeout`. */
const QUERY_TIMED_OUT = 'Query read timeout';

const isQueryTimeout = (error: unknown) => error instanceof Error && error.message === QUERY_TIMED_OUT;

/**
 * pg rejects a query that timed out but leaves it the connection's running query, so every later query
 * on that client would wait behind it, and a pooled client would go back to the pool stalled (a
 * transaction releases its client without an error). A client whose query timed out is ended at once:
 * pg then drops its connection, the rollback that follows fails at once, and the pool discards it.
 */
function endWhenAQueryTimesOut(client: pg.PoolClient, onTimeout: () => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const endIfTimedOut = (error: unknown) => {
    if (!isQueryTimeout(error)) return;
    client.end().catch(() => {});
    onTimeout();
  };
  client.query = ((...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') {
      args[args.length - 1] = (error: unknown, result: unknown) => {
        endIfTimedOut(error);
        (callback as (error: unknown, result: unknown) => void)(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result instanceof Promise) result.catch(endIfTimedOut);
    return result;
  }) as typeof client.query;
}

type ConnectCallback = (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A pool whose failures to hand out a connection are all `DatabaseConnectError`s, whatever the driver
 * said: no query ran, so the caller hears 503, not a defect. PostgreSQL's reasons come with codes of every
 * class (55000 for a database that does not accept connections, 28P01 for a password no longer accepted),
 * so the place it failed decides, not the code. pg-pool's own `query()` connects through this too.
 */
class ConnectionPool extends pg.Pool {
  /** The clients waiting in the pool for a caller. */
  readonly #idle = new Set<pg.PoolClient>();
  /** Clients closed while idle, which the pool may still hand out before it hears they closed. */
  readonly #closed = new WeakSet<pg.PoolClient>();

  constructor(config: pg.PoolConfig) {
    super(config);
    this.on('connect', (client) => endWhenAQueryTimesOut(client, () => this.#closeIdle()));
    this.on('release', (_error, client) => this.#idle.add(client));
    this.on('acquire', (client) => this.#idle.delete(client));
    this.on('remove', (client) => this.#idle.delete(client));
  }

  /**
   * A query that timed out suggests the route to PostgreSQL is lost, and the idle connections opened on
   * it are lost with it, without a word: each would cost its next caller the query time limit. They are
   * closed, and the next callers get new connections.
   */
  #closeIdle() {
    for (const client of this.#idle) {
      this.#closed.add(client);
      client.connection.stream.destroy();
    }
    this.#idle.clear();
  }

  async #connect(): Promise<pg.PoolClient> {
    for (;;) {
      let client: pg.PoolClient;
      try {
        client = await super.connect();
      } catch (error) {
        throw new DatabaseConnectError(error);
      }
      if (!this.#closed.has(client)) return client;
      client.release(true);
    }
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const connected = this.#connect();
    if (!callback) return connected;
    connected.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => {}),
    );
  }
}

/** The app's pool on PostgreSQL, with the limits above. */
export function createPostgresPool(url: string): pg.Pool {
  return new ConnectionPool({
    connectionString: url,
    max: 10,
    ...POSTGRES_TIMEOUTS,
    // TCP keep-alive notices a connection whose peer vanished without a word (a network cut).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  });
}

