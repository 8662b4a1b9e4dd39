import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, type CheckedAddress } from '../../core/private-address.js';

/** What a push service answered: its status and the Retry-After it asked for, if any. */
export interface PushAnswer {
  status: number;
  retryAfter: string | null;
}

/**
 * One POST of an encrypted push to its endpoint, connected to the address checked just before (the
 * name is not resolved again), without following redirects; rejects when no answer comes in time.
 */
export function sendPush(
  endpoint: string,
  target: CheckedAddress,
  push: { headers: Record<string, string>; body: Buffer | null },
  timeoutMs: number,
): Promise<PushAnswer> {
  const url = new URL(endpoint);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      { method: 'POST', agent: false, lookup: pinnedLookup(target), headers: push.headers, signal: AbortSignal.timeout(timeoutMs) },
      (response) => {
        const retryAfter = response.headers['retry-after'];
        resolve({ status: response.statusCode ?? 0, retryAfter: typeof retryAfter === 'string' ? retryAfter : null });
        response.resume();
      },
    );
    request.on('error', reject);
    request.end(push.body ?? undefined);
  });
}
