import WebSocket, { type ClientOptions } from 'ws';

/** Opens a live socket as a browser would (headers: origin, cookie); rejects if the upgrade is refused. */
export function connectLive(url: string, headers: Record<string, string>, options: ClientOptions = {}): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers, ...options });
    // Messages that arrive before a test listens are kept for nextMessage().
    const early: unknown[] = [];
    (socket as WebSocketWithBacklog).backlog = early;
    socket.on('message', (data) => early.push(JSON.parse(String(data))));
    (socket as WebSocketWithBacklog).closing = new Promise((done) => socket.once('close', (code, reason) => done({ code, reason: reason.toString() })));
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_request, response) => reject(new Error(`upgrade refused: ${response.statusCode}`)));
    socket.once('error', reject);
  });
}

interface WebSocketWithBacklog extends WebSocket {
  backlog: unknown[];
  closing: Promise<{ code: number; reason: string }>;
}

/** The next JSON message the socket received (or receives), in order. */
export async function nextMessage(socket: WebSocket, timeoutMs = 10_000): Promise<unknown> {
  const backlog = (socket as WebSocketWithBacklog).backlog;
  const started = Date.now();
  while (backlog.length === 0) {
    if (Date.now() - started > timeoutMs) throw new Error('no message arrived');
    if (socket.readyState === WebSocket.CLOSED) throw new Error('the socket closed');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return backlog.shift();
}

/** The close code and reason, once the socket has closed (also if it closed before this was called). */
export function closed(socket: WebSocket): Promise<{ code: number; reason: string }> {
  return (socket as WebSocketWithBacklog).closing;
}

/** Tries to open a live socket that must be refused: the HTTP status and the JSON `message` of the refusal. */
export function refusedUpgrade(url: string, headers: Record<string, string>): Promise<{ status: number; message: string }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { headers });
    socket.once('open', () => {
      socket.close();
      reject(new Error('the upgrade was accepted'));
    });
    socket.once('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => {
        const message = (() => {
          try {
            return (JSON.parse(body) as { message: string }).message;
          } catch {
            return body;
          }
        })();
        resolve({ status: response.statusCode ?? 0, message });
      });
    });
    socket.once('error', () => {});
  });
}
