import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface S3Request {
  method: string;
  /** The decoded path, `/bucket/key` (path-style), without the query. */
  path: string;
  /** Whether the request was signed with AWS Signature Version 4 (the signature itself is not checked). */
  signed: boolean;
}

export interface StoredObject {
  bytes: Buffer;
  contentType: string | undefined;
  cacheControl: string | undefined;
}

export interface FakeS3Server {
  /** The endpoint to configure (path-style). */
  endpoint: string;
  /** Objects by `bucket/key`. */
  objects: Map<string, StoredObject>;
  requests: S3Request[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function noSuchKey(key: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message><Key>${key}</Key><RequestId>fake</RequestId></Error>`;
}

/**
 * A small server on 127.0.0.1 speaking the part of the S3 API the photo store uses (PutObject,
 * GetObject, DeleteObject), path-style, with the objects in memory.
 */
export async function startFakeS3Server(): Promise<FakeS3Server> {
  const objects = new Map<string, StoredObject>();
  const requests: S3Request[] = [];

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const method = request.method ?? '';
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://s3.local').pathname);
    const signed = (request.headers.authorization ?? '').startsWith('AWS4-HMAC-SHA256 ');
    requests.push({ method, path, signed });
    const key = path.slice(1);
    const headers = { 'x-amz-request-id': 'fake', server: 'FakeS3' };

    if (method === 'PUT') {
      objects.set(key, {
        bytes: body,
        contentType: request.headers['content-type'],
        cacheControl: request.headers['cache-control'],
      });
      response.writeHead(200, { ...headers, etag: '"fake"', 'content-length': 0 });
      return response.end();
    }
    if (method === 'GET' || method === 'HEAD') {
      const object = objects.get(key);
      if (!object) {
        const xml = noSuchKey(key);
        response.writeHead(404, { ...headers, 'content-type': 'application/xml', 'content-length': Buffer.byteLength(xml) });
        return response.end(method === 'HEAD' ? undefined : xml);
      }
      response.writeHead(200, {
        ...headers,
        'content-type': object.contentType ?? 'application/octet-stream',
        'content-length': object.bytes.length,
        ...(object.cacheControl ? { 'cache-control': object.cacheControl } : {}),
      });
      return response.end(method === 'HEAD' ? undefined : object.bytes);
    }
    if (method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204, headers);
      return response.end();
    }
    response.writeHead(405, headers);
    response.end();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
