import http from 'node:http';
import https from 'node:https';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { pipeline, type Readable } from 'node:stream';
import { isPrivateAddress, pinnedLookup } from '../../core/private-address.js';

/** Why a calendar could not be read, in words the expert reads after 'Could not read this calendar: '. */
export class CalendarReadError extends Error {}

export interface CalendarReadLimits {
  /** http addresses too, not only https (ALLOW_PRIVATE_CALENDAR_URLS). */
  httpAllowed: boolean;
  /** Whether a resolved address may not be connected to: private and local ones, unless ALLOW_PRIVATE_CALENDAR_URLS. */
  blocked(address: string): boolean;
  /** The whole read, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
}

/** The limits of docs/PRODUCT.md#calendars: 5 MB, 3 redirects, the time limit of the configuration. */
export function calendarReadLimits(allowPrivate: boolean, timeoutMs: number): CalendarReadLimits {
  return { httpAllowed: allowPrivate, blocked: allowPrivate ? () => false : isPrivateAddress, timeoutMs, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 };
}

interface Answer {
  status: number;
  location: string | undefined;
  body: Readable;
}

const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const seconds = (ms: number) => {
  const value = Math.round(ms / 100) / 10;
  return `${value} ${value === 1 ? 'second' : 'seconds'}`;
};

/** The one address the request will connect to, checked: every address the name resolves to must be public. */
async function checkedAddress(hostname: string, blocked: CalendarReadLimits['blocked']): Promise<{ address: string; family: number }> {
  const host = hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await lookup(host, { all: true, verbatim: true }).catch(() => {
        throw new CalendarReadError(`the server ${host} could not be found`);
      });
  if (addresses.length === 0) throw new CalendarReadError(`the server ${host} could not be found`);
  if (addresses.some((entry) => blocked(entry.address))) {
    throw new CalendarReadError('its address leads to a private or local network, which calendars cannot be read from');
  }
  return addresses[0]!;
}

/** One GET to the checked address (DNS is not asked again, so the name cannot turn private in between). */
function getOnce(url: URL, target: { address: string; family: number }, signal: AbortSignal): Promise<Answer> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'GET',
        agent: false,
        lookup: pinnedLookup(target),
        signal,
        headers: { accept: 'text/calendar, */*;q=0.5', 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'KBMarine-Calendar/1.0' },
      },
      (response) => resolve({ status: response.statusCode ?? 0, location: response.headers.location, body: decoded(response) }),
    );
    request.on('error', reject);
    request.end();
  });
}

/** The body as sent, unpacked when it is compressed; a broken connection fails the stream that reads it. */
function decoded(response: http.IncomingMessage): Readable {
  const encoding = (response.headers['content-encoding'] ?? '').toLowerCase();
  const unpack =
    encoding === 'gzip' || encoding === 'x-gzip' ? createGunzip() : encoding === 'deflate' ? createInflate() : encoding === 'br' ? createBrotliDecompress() : null;
  if (!unpack) {
    // Read by bodyText, which sees its errors; a body left unread (a redirect) is destroyed.
    response.on('error', () => {});
    return response;
  }
  return pipeline(response, unpack, () => {});
}

/** The body, refused as soon as it passes `maxBytes` (after decompression: a small gzip can hold gigabytes). */
async function bodyText(body: Readable, maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      body.destroy();
      throw new CalendarReadError(`it is larger than ${megabytes(maxBytes)}`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function checkScheme(url: URL, httpAllowed: boolean): void {
  if (url.protocol === 'https:' || (httpAllowed && url.protocol === 'http:')) return;
  throw new CalendarReadError('its address must start with https://');
}

function failureWords(error: unknown, limits: CalendarReadLimits, signal: AbortSignal): CalendarReadError {
  if (error instanceof CalendarReadError) return error;
  if (signal.aborted) return new CalendarReadError(`it did not answer within ${seconds(limits.timeoutMs)}`);
  const code = (error as { code?: string }).code;
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR' || code === 'ERR__ERROR_FORMAT_PADDING_1') return new CalendarReadError('its answer could not be unpacked');
  if (code?.startsWith('ERR_TLS') || code?.includes('CERT') || code === 'DEPTH_ZERO_SELF_SIGNED_CERT') {
    return new CalendarReadError('its server’s security certificate is not valid');
  }
  return new CalendarReadError(`the connection failed${code ? ` (${code})` : ''}`);
}

/**
 * Reads a calendar's text from its address, safely (docs/PRODUCT.md#calendars): https only (unless
 * `httpAllowed`); no address its name resolves to may be `blocked`, and the connection goes to the address
 * checked; at most `maxRedirects` redirects, each checked the same way; at most `maxBytes`; all within
 * `timeoutMs`; and the answer must be a calendar. Fails with a CalendarReadError saying why.
 */
export async function readCalendarAddress(address: string, limits: CalendarReadLimits): Promise<string> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limits.timeoutMs);
  const timedOut = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener('abort', () => reject(new CalendarReadError(`it did not answer within ${seconds(limits.timeoutMs)}`)));
  });
  timedOut.catch(() => {});
  // Each step races the deadline (a lookup cannot be cancelled); a step that fails after losing the race
  // is already answered, so its failure is marked handled rather than left to crash the process.
  const withinTime = <T>(step: Promise<T>): Promise<T> => {
    step.catch(() => {});
    return Promise.race([step, timedOut]);
  };
  try {
    let url = new URL(address);
    for (let redirects = 0; ; redirects++) {
      checkScheme(url, limits.httpAllowed);
      const target = await withinTime(checkedAddress(url.hostname, limits.blocked));
      const answer = await withinTime(getOnce(url, target, controller.signal));
      if (answer.status >= 300 && answer.status < 400 && answer.location) {
        answer.body.destroy();
        if (redirects >= limits.maxRedirects) throw new CalendarReadError(`it redirected more than ${limits.maxRedirects} times`);
        url = new URL(answer.location, url);
        continue;
      }
      if (answer.status < 200 || answer.status >= 300) {
        answer.body.destroy();
        throw new CalendarReadError(`its server answered ${answer.status}`);
      }
      const text = await withinTime(bodyText(answer.body, limits.maxBytes));
      if (!/^\uFEFF?\s*BEGIN:VCALENDAR/i.test(text)) throw new CalendarReadError('it is not a calendar (an iCalendar file starts with BEGIN:VCALENDAR)');
      return text;
    }
  } catch (error) {
    throw failureWords(error, limits, controller.signal);
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
