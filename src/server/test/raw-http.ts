import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/**
 * Sends a request over a socket to 127.0.0.1 with its path exactly as written: app.inject resolves dot
 * segments (`/x/../api/...`) before the app sees them, a client need not.
 */
export function sendRaw(port: number, options: { method: string; path: string; headers?: Record<string, string>; body?: string | Buffer }): Promise<RawAnswer> {
  const { method, path, headers = {}, body } = options;
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port, method, path, agent, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
