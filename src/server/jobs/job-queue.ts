import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../db/client.js';
import { transactionExecutor } from '../db/transaction.js';

export type JobHandler<T> = (data: T) => Promise<void>;

export interface JobOptions {
  startAfter?: Date;
  /** At most one queued job per key (e.g. one refund per booking). */
  singletonKey?: string;
  /** The job's id (a UUID), chosen by a caller that may cancel the job later. */
  id?: string;
}

export interface JobQueue {
  /** Declares a queue and the handler that works it; call before `start()`. */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: { cron?: string }): void;
  /**
   * Enqueues a job. Given a transaction, the job is written with it: it exists only if the transaction
   * commits, so an e-mail about a change is never sent for a change that was rolled back.
   */
  send<T extends object>(db: Database, name: string, data: T, options?: JobOptions): Promise<void>;
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
}

/**
 * Background jobs on pg-boss, on PostgreSQL (its own small pool) and on PGlite (through our one PGlite
 * connection). Jobs retry with backoff; `stop()` lets running jobs finish for a few seconds.
 */
export function createJobQueue(database: DatabaseHandle, log: FastifyBaseLogger, options: { pollingIntervalSeconds?: number } = {}): JobQueue {
  const definitions = new Map<string, Definition>();
  const boss = new PgBoss({
    ...(database.url ? { connectionString: database.url, max: 3 } : { db: { executeSql: database.executeSql } }),
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    // Cron schedules are checked often enough for a minute-by-minute sweep.
    cronMonitorIntervalSeconds: 30,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (err) => log.error({ err }, 'background jobs: database error'));
  let started = false;

  return {
    define(name, handler, defineOptions = {}) {
      definitions.set(name, { handler: handler as JobHandler<object>, cron: defineOptions.cron });
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
      await boss.start();
      started = true;
      for (const [name, definition] of definitions) {
        await boss.createQueue(name);
        await boss.work<object>(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2 }, async (jobs) => {
          for (const job of jobs) {
            try {
              await definition.handler(job.data);
            } catch (err) {
              log.warn({ err, job: name }, 'background job failed; it will be retried');
              throw err;
            }
          }
        });
        if (definition.cron) await boss.schedule(name, definition.cron);
      }
    },

    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, timeout: 3000, wait: true });
    },
  };
}
