import { Worker } from 'node:worker_threads';
import type { ServiceRecordDocument } from './service-record-pdf.js';
import type { RenderAnswer, RenderRequest } from './service-record-worker.js';

/**
 * The worker's code. The server runs as the bundle dist/server/main.js, beside which
 * scripts/build-server.mjs puts the bundled worker. Run from source (tests, `npm run dev`, benches) this
 * module is a .ts file: the worker first registers tsx, which Node 20 does not apply to a worker's entry
 * given by `--import` alone.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./service-record-worker.js', import.meta.url));
  const entry = new URL('./service-record-worker.ts', import.meta.url).href;
  // Evaluated code finds tsx from the working directory: the project's, where sources are run from.
  return new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`, { eval: true });
}

/**
 * Lays out service records on one thread of its own, started on first use, one record after another;
 * a thread that dies fails what it held and the next record starts another.
 */
export class ServiceRecordThread {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }>();

  render(record: ServiceRecordDocument): Promise<Buffer> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      if (this.waiting.size === 1) worker.ref();
      worker.postMessage({ id, record } satisfies RenderRequest);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = startWorker();
    this.worker = worker;
    worker.on('message', (answer: RenderAnswer) => {
      const waiter = this.waiting.get(answer.id);
      if (!waiter) return;
      this.waiting.delete(answer.id);
      // An idle thread does not keep the process alive.
      if (this.waiting.size === 0) worker.unref();
      if ('pdf' in answer) waiter.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
      else waiter.reject(new Error(`The service record could not be laid out: ${answer.error}`));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The service record thread stopped (exit code ${code})`)));
    return worker;
  }
}
