// The entry of the thread that lays out service records (pdf/service-record-thread.ts starts it): a long
// record is seconds of layout, which would hold up every other request on the server's event loop.
import { parentPort } from 'node:worker_threads';
import { renderServiceRecordPdf, type ServiceRecordDocument } from './service-record-pdf.js';

export interface RenderRequest {
  id: number;
  record: ServiceRecordDocument;
}
export type RenderAnswer = { id: number; pdf: Uint8Array } | { id: number; error: string };

const port = parentPort!;
port.on('message', ({ id, record }: RenderRequest) => {
  renderServiceRecordPdf(record).then(
    (pdf) => port.postMessage({ id, pdf } satisfies RenderAnswer),
    (error: unknown) => port.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies RenderAnswer),
  );
});
