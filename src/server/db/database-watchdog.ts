import { Worker } from 'node:worker_threads';

/**
 * The watching thread, as plain JavaScript (it is evaluated as it is: the server's bundle has no file of
 * its own for it). It reads when the main thread entered its current database call, and when that call
 * has not returned within the limit it writes the last words straight to stderr and kills the process:
 * the main thread is stuck inside the call, so nothing there (a timer, a signal handler, the logger) runs.
 */
const WATCHER = `
const { workerData } = require('node:worker_threads');
const { writeSync } = require('node:fs');
const { entered, limitMs, checkMs } = workerData;
setInterval(() => {
  const since = Number(Atomics.load(entered, 0));
  if (since === 0 || Date.now() - since <= limitMs) return;
  const msg = 'The embedded database has not answered for ' + Math.round((Date.now() - since) / 1000) +
    ' s: the server is exiting so that its supervisor starts it again (nothing it acknowledged is lost).';
  writeSync(2, JSON.stringify({ level: 60, time: Date.now(), pid: process.pid, msg }) + '\\n');
  process.kill(process.pid, 'SIGKILL');
}, checkMs);
`;

export interface DatabaseWatchdog {
  /** Runs one synchronous call into the embedded database, noting for the watching thread that it is in it. */
  watch<T>(call: () => T): T;
  /** Starts watching; start-up work that may take long (migrations) comes before. */
  start(): void;
  stop(): Promise<void>;
}

/**
 * PGlite runs in the main thread, so a call into it that never returns (it can spin for good in XLogFlush
 * when the disk fills up at the wrong moment) stops the whole server: no request is answered,
 * /healthz included, nothing is logged, and no timer of the main thread ever fires again. A thread of its
 * own watches instead: when a database call has not returned within `limitMs`, it ends the process with a
 * failure, so that the supervisor starts it again (PGlite recovers from its log on start).
 */
export function createDatabaseWatchdog(limitMs: number): DatabaseWatchdog {
  // When the main thread entered its current database call (epoch ms), 0 between calls: PGlite's calls
  // are synchronous, so there is never more than one.
  const entered = new BigInt64Array(new SharedArrayBuffer(BigInt64Array.BYTES_PER_ELEMENT));
  let worker: Worker | undefined;
  return {
    watch(call) {
      Atomics.store(entered, 0, BigInt(Date.now()));
      try {
        return call();
      } finally {
        Atomics.store(entered, 0, 0n);
      }
    },
    start() {
      if (worker) return;
      worker = new Worker(WATCHER, { eval: true, workerData: { entered, limitMs, checkMs: Math.min(1000, Math.ceil(limitMs / 4)) } });
      // The watcher never keeps the process alive by itself.
      worker.unref();
    },
    async stop() {
      await worker?.terminate();
      worker = undefined;
    },
  };
}
