import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeBehaviour =
  | { kind: 'answer'; content: string; extra?: Record<string, unknown> }
  | { kind: 'status'; status: number }
  | { kind: 'hang' };

export interface FakeOpenAiServer {
  baseURL: string;
  /** Request bodies received on /chat/completions, oldest first. */
  requests: { model: string; messages: { role: string; content: unknown }[]; response_format?: unknown }[];
  /** Search queries received on the SearXNG-style /search endpoint. */
  searches: string[];
  respondWith(behaviour: FakeBehaviour): void;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/**
 * A small server on 127.0.0.1 speaking the OpenAI chat-completions protocol (and SearXNG's JSON search),
 * standing in for the model provider in tests.
 */
export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  let behaviour: FakeBehaviour = { kind: 'answer', content: 'ok' };
  const requests: FakeOpenAiServer['requests'] = [];
  const searches: string[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/search') {
      searches.push(url.searchParams.get('q') ?? '');
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          results: [
            { title: 'Yamaha outboard maintenance', url: 'https://www.yamahaoutboards.com/', content: 'Owner resources.' },
            { title: 'BoatUS expert advice', url: 'https://www.boatus.com/expert-advice', content: 'Repair articles.' },
          ],
        }),
      );
      return;
    }
    if (request.method !== 'POST' || !url.pathname.endsWith('/chat/completions')) {
      response.writeHead(404).end();
      return;
    }
    requests.push(JSON.parse(await readBody(request)));
    if (behaviour.kind === 'hang') return; // never answers: the client's timeout must fire
    if (behaviour.kind === 'status') {
      response.writeHead(behaviour.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'fake failure', type: 'server_error' } }));
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'chatcmpl-test',
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: requests.at(-1)?.model ?? 'test',
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: behaviour.content } }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        ...behaviour.extra,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    searches,
    respondWith(next) {
      behaviour = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
