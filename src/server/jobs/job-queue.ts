import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle, SqlExecutor } from '../db/client.js';
import type { Listener } from '../db/notifications.js';
import { transactionExecutor } from '../db/transaction.js';
import { POSTGRES_TIMEOUTS } from '../db/postgres-pool.js';
import { retryOnDeadlock, withStartLock } from '../db/start-lock.js';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobOptions {
  startAfter?: Date;
  /** At most one queued job per key (e.g. one refund per booking). */
  singletonKey?: string;
  /** The job's id (a UUID), chosen by a caller that may cancel the job later. */
  id?: string;
}

/** One job of an `insert`. */
export interface QueuedJob {
  name: string;
  data: object;
  options?: JobOptions;
}

export interface DefineOptions {
  cron?: string;
  /** How many of the queue's jobs this server runs at once (each fetch takes a batch of jobs). */
  concurrency?: number;
}

export interface JobQueueOptions {
  /** How often an idle worker looks for jobs it was not told about: delayed jobs, retries. */
  pollingIntervalSeconds?: number;
  /** The first retry's delay; later ones double (tests make it short). */
  retryDelaySeconds?: number;
}

export interface JobQueue {
  /** Declares a queue and the handler that works it; call before `start()`. */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: DefineOptions): void;
  /**
   * Enqueues a job. Given a transaction, the job is written with it: it exists only if the transaction
   * commits, so an e-mail about a change is never sent for a change that was rolled back.
   */
  send<T extends object>(db: Database, name: string, data: T, options?: JobOptions): Promise<void>;
  /**
   * Enqueues several jobs in one statement (pg-boss `insert`), with a transaction as `send` does.
   * `announced`: the transaction has already sent the queues' `announcement`, so no NOTIFY of its own.
   */
  insert(db: Database, jobs: QueuedJob[], options?: { announced?: boolean }): Promise<void>;
  /**
   * The NOTIFY (channel and payload) that wakes the workers of a queue once the jobs commit, for a
   * statement that sends it itself and saves `insert` the round trip; null where no NOTIFY is needed
   * (PGlite, whose workers `insert` wakes in the process).
   */
  announcement(name: string): { channel: string; payload: string } | null;
  /**
   * Cancels queued jobs by id (pg-boss `cancel`): a cancelled job never runs. Given a transaction, the
   * cancellation commits or rolls back with it. A job already running finishes; its handler must still
   * check that its work is wanted.
   */
  cancel(db: Database, name: string, ids: string[]): Promise<void>;
  /** Runs a queue's handler now, in this process (tests, and the operator). */
  runNow<T extends object>(name: string, data: T): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

interface Definition {
  handler: JobHandler<object>;
  cron?: string;
  concurrency: number;
}

/**
 * Each fetch takes up to this many jobs, and a worker whose fetch came back full fetches again at once;
 * so a backlog drains at the handlers' pace, not one job per polling interval.
 */
const BATCH_SIZE = 25;
/** Jobs of one queue running at once on one server, unless the queue says otherwise. */
const DEFAULT_CONCURRENCY = 2;
/**
 * A committed job is announced on this channel (its queue's name), so every server's worker for that
 * queue fetches at once instead of at its next poll. NOTIFY is transactional: sent with the enqueueing
 * transaction, it is delivered only when that commits, so no worker wakes for a job it cannot see yet.
 */
const JOBS_CHANNEL = 'jobs';

/** Runs `work` over `items`, at most `limit` at a time. */
async function forEachAtMost<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * Background jobs on pg-boss, on PostgreSQL (its own small pool) and on PGlite (through our one PGlite
 * connection). Jobs retry with backoff; `stop()` lets running jobs finish for a few seconds.
 */
export function createJobQueue(database: DatabaseHandle, log: FastifyBaseLogger, options: JobQueueOptions = {}): JobQueue {
  const definitions = new Map<string, Definition>();
  const boss = new PgBoss({
    ...(database.url ? { connectionString: database.url, max: 3, ...POSTGRES_TIMEOUTS } : { db: { executeSql: database.executeSql } }),
    retryLimit: 5,
    retryDelay: options.retryDelaySeconds ?? 10,
    retryBackoff: true,
    // Cron schedules are checked often enough for a minute-by-minute sweep.
    cronMonitorIntervalSeconds: 30,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => log.error({ err }, 'background jobs: database error'));
  /** Each queue's worker on this server, by queue name. */
  const workers = new Map<string, string>();
  let listener: Listener | undefined;
  let started = false;

  const wake = (name: string) => {
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
  };

  /**
   * pg-boss completes or fails a whole batch by what its handler does (returns, throws). A job that fails
   * is failed here on its own, as soon as it ends, so it alone is retried and the e-mails of the others are
   * never sent twice; pg-boss's completion of the batch afterwards touches only jobs still active: the
   * ones that succeeded, in one statement. If recording a failure fails, throwing makes pg-boss fail every
   * job of the batch still active, so that one is retried rather than marked done.
   */
  const runBatch = (name: string, definition: Definition) => async (batch: PgBoss.Job<object>[]) => {
    let failureUnrecorded = false;
    await forEachAtMost(batch, definition.concurrency, async (job) => {
      try {
        await definition.handler(job.data);
      } catch (err) {
        log.warn({ err, job: name, id: job.id }, 'background job failed; it will be retried');
        await boss.fail(name, job.id, err as object).catch(() => (failureUnrecorded = true));
      }
    });
    if (failureUnrecorded) throw new Error(`a failed '${name}' job could not be marked failed`);
    // A full batch: more are probably waiting, so the worker fetches again without pausing.
    if (batch.length === BATCH_SIZE) wake(name);
  };

  /**
   * Wakes the workers of the queues given jobs due now, once the jobs can be seen. On PostgreSQL that is a
   * NOTIFY sent with the jobs' transaction (delivered when it commits, to every server). The embedded
   * database has one server and runs one transaction at a time, so its worker is woken here: its fetch
   * waits for the transaction to end.
   */
  const announce = async (executor: SqlExecutor | undefined, names: Iterable<string>) => {
    for (const name of names) {
      if (database.kind === 'pglite') wake(name);
      else await (executor ?? database.executeSql)('select pg_notify($1, $2)', [JOBS_CHANNEL, name]);
    }
  };

  return {
    define(name, handler, defineOptions = {}) {
      definitions.set(name, {
        handler: handler as JobHandler<object>,
        cron: defineOptions.cron,
        concurrency: defineOptions.concurrency ?? DEFAULT_CONCURRENCY,
      });
    },

    async send(db, name, data, sendOptions = {}) {
      if (!definitions.has(name)) throw new Error(`unknown job queue '${name}'`);
      const executor = transactionExecutor(db);
      await boss.send(name, data, {
        ...(sendOptions.startAfter ? { startAfter: sendOptions.startAfter } : {}),
        ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
        ...(sendOptions.id ? { id: sendOptions.id } : {}),
        ...(executor ? { db: { executeSql: executor } } : {}),
      });
      // A job due later is found by polling; waking the workers now would find nothing.
      if (sendOptions.startAfter && sendOptions.startAfter.getTime() > Date.now()) return;
      await announce(executor, [name]);
    },

    announcement(name) {
      return database.kind === 'pglite' ? null : { channel: JOBS_CHANNEL, payload: name };
    },

    async insert(db, queued, insertOptions = {}) {
      for (const job of queued) if (!definitions.has(job.name)) throw new Error(`unknown job queue '${job.name}'`);
      if (queued.length === 0) return;
      const executor = transactionExecutor(db);
      await boss.insert(
        queued.map(({ name, data, options: jobOptions = {} }) => ({
          name,
          data,
          ...(jobOptions.startAfter ? { startAfter: jobOptions.startAfter } : {}),
          ...(jobOptions.singletonKey ? { singletonKey: jobOptions.singletonKey } : {}),
          ...(jobOptions.id ? { id: jobOptions.id } : {}),
        })),
        executor ? { db: { executeSql: executor } } : {},
      );
      // As for `send`: only the queues with a job due now are woken.
      if (insertOptions.announced && database.kind === 'postgres') return;
      await announce(executor, new Set(queued.filter(({ options: o }) => !o?.startAfter || o.startAfter.getTime() <= Date.now()).map((job) => job.name)));
    },

    async cancel(db, name, ids) {
      if (!definitions.has(name)) throw new Error(`unknown job queue '${name}'`);
      if (ids.length === 0) return;
      const executor = transactionExecutor(db);
      await boss.cancel(name, ids, executor ? { db: { executeSql: executor } } : {});
    },

    async runNow(name, data) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`unknown job queue '${name}'`);
      await definition.handler(data);
    },

    async start() {
      // One server at a time installs pg-boss and creates the queues: servers starting together on an
      // empty database deadlocked creating them, and the losers exited.
      await withStartLock(database, async () => {
        await boss.start();
        started = true;
        await retryOnDeadlock(async () => {
          for (const [name, definition] of definitions) {
            await boss.createQueue(name);
            if (definition.cron) await boss.schedule(name, definition.cron);
          }
        });
      });
      for (const [name, definition] of definitions) {
        const worker = await boss.work<object>(
          name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: BATCH_SIZE },
          runBatch(name, definition),
        );
        workers.set(name, worker);
      }
      // The embedded database's jobs wake their workers directly (see announce).
      if (database.kind === 'pglite') return;
      listener = await database.listen(JOBS_CHANNEL, {
        onNotification: wake,
        // Announcements sent while the listener was away are lost: every worker looks now.
        onConnect: () => {
          for (const name of workers.keys()) wake(name);
        },
      });
    },

    async stop() {
      if (!started) return;
      started = false;
      await listener?.close();
      listener = undefined;
      workers.clear();
      await boss.stop({ graceful: true, timeout: 3000, wait: true });
    },
  };
}
