import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from 'node:crypto';

/**
 * A push service (RFC 8030) on 127.0.0.1 for the tests, in place of FCM, Mozilla's or Apple's: it holds the
 * devices' keys (made here, as a browser makes them), and for each push it
 *
 * - checks the VAPID `Authorization: vapid t=<JWT>, k=<key>` header (RFC 8292): the ES256 signature with
 *   the key `k` (which must be the server's), `aud` the endpoint's origin, `exp` in the next 24 hours, `sub`;
 * - decrypts the `aes128gcm` body (RFC 8188, RFC 8291) with the device's private key and auth secret;
 * - records the TTL, Urgency and Topic headers;
 * - answers 201, or what the test told it to answer for that endpoint (410, 404, 429 with Retry-After, 503).
 *
 * A push that fails the checks is answered 400 or 403 and recorded among `rejections`.
 */

export interface FakeDevice {
  /** What the browser's `PushSubscription.toJSON()` gives, to POST to /api/push/subscriptions. */
  subscription: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

export interface Delivery {
  endpoint: string;
  /** The decrypted body. */
  payload: string;
  ttl: string | undefined;
  urgency: string | undefined;
  topic: string | undefined;
  claims: { aud: string; exp: number; sub: string };
  /** What this service answered. */
  status: number;
  /** When its body had arrived (performance.now() of this process): benchmarks time deliveries by it. */
  receivedAt: number;
}

export interface Fault {
  status: 404 | 410 | 429 | 503;
  /** Sent as Retry-After (seconds). */
  retryAfter?: number;
}

interface DeviceKeys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

export interface FakePushService {
  url: string;
  newDevice(): FakeDevice;
  /** Every later push to the endpoint gets this answer (null: 201 again). */
  answer(endpoint: string, fault: Fault | null): void;
  deliveries: Delivery[];
  rejections: { endpoint: string; reason: string }[];
  /** Resolves with the endpoint's `count`-th push, once it has arrived. */
  delivered(endpoint: string, count?: number): Promise<Delivery>;
  close(): Promise<void>;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** The RFC 8292 checks; answers the JWT's claims, or throws the reason it fails. */
export function verifyVapid(authorization: string | undefined, audience: string, serverKey: string, now: Date): Delivery['claims'] {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) throw new Error(`no 'vapid t=..., k=...' Authorization header: ${authorization}`);
  const [, token, key] = match as unknown as [string, string, string];
  if (key !== serverKey) throw new Error('k is not the server key');
  const parts = token.split('.');
  if (parts.length !== 3) throw new Error('t is not a JWT');
  const [header, body, signature] = parts as [string, string, string];
  if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'ES256') throw new Error('the JWT is not ES256');
  const point = Buffer.from(key, 'base64url');
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const signed = verify('sha256', Buffer.from(`${header}.${body}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!signed) throw new Error('the JWT signature does not verify with k');
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as Delivery['claims'];
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud} is not ${audience}`);
  const seconds = now.getTime() / 1000;
  if (!(claims.exp > seconds && claims.exp <= seconds + 24 * 3600)) throw new Error(`exp ${claims.exp} is not within 24 hours`);
  if (!claims.sub) throw new Error('no sub');
  return claims;
}

/** Decrypts an aes128gcm push body (RFC 8291 section 3.4, RFC 8188 section 2) for the device. */
export function decryptPush(body: Buffer, device: DeviceKeys): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverPublic = body.subarray(21, 21 + idLength);
  const sealed = body.subarray(21 + idLength);
  const secret = device.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(sealed.subarray(sealed.length - 16));
  const padded = Buffer.concat([decipher.update(sealed.subarray(0, sealed.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and then zeros of padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const header = (request: IncomingMessage, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Starts the push service; `serverKey` is the app's VAPID public key, the only one it accepts. */
export async function startFakePushService(serverKey: string): Promise<FakePushService> {
  const devices = new Map<string, DeviceKeys>();
  const faults = new Map<string, Fault>();
  const deliveries: Delivery[] = [];
  const rejections: FakePushService['rejections'] = [];
  const waiters: (() => void)[] = [];

  const server = createServer(async (request, response) => {
    const body = await readBody(request);
    const receivedAt = performance.now();
    const endpoint = `${url}${request.url}`;
    const device = devices.get(endpoint);
    const reject = (status: number, reason: string) => {
      rejections.push({ endpoint, reason });
      response.writeHead(status).end(reason);
    };
    if (request.method !== 'POST' || !device) return reject(404, 'no such subscription');
    if (header(request, 'content-encoding') !== 'aes128gcm') return reject(400, 'Content-Encoding is not aes128gcm');
    let claims: Delivery['claims'];
    let payload: string;
    try {
      claims = verifyVapid(header(request, 'authorization'), url, serverKey, new Date());
    } catch (error) {
      return reject(403, (error as Error).message);
    }
    try {
      payload = decryptPush(body, device);
    } catch (error) {
      return reject(400, `cannot decrypt: ${(error as Error).message}`);
    }
    const fault = faults.get(endpoint);
    const status = fault?.status ?? 201;
    deliveries.push({ endpoint, payload, ttl: header(request, 'ttl'), urgency: header(request, 'urgency'), topic: header(request, 'topic'), claims, status, receivedAt });
    for (const wake of waiters.splice(0)) wake();
    response.writeHead(status, fault?.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    deliveries,
    rejections,
    newDevice() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const endpoint = `${url}/push/${randomUUID()}`;
      devices.set(endpoint, { ecdh, auth });
      return { subscription: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey('base64url'), auth: b64url(auth) } } };
    },
    answer(endpoint, fault) {
      if (fault) faults.set(endpoint, fault);
      else faults.delete(endpoint);
    },
    async delivered(endpoint, count = 1) {
      for (;;) {
        const found = deliveries.filter((d) => d.endpoint === endpoint);
        if (found.length >= count) return found[count - 1]!;
        await new Promise<void>((resolve) => waiters.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
