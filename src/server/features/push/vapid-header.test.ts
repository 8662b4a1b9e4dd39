import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { vapidHeaders } from './vapid-header.js';

const ecdh = createECDH('prime256v1');
ecdh.generateKeys();
const vapid = { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url'), subject: 'mailto:ops@example.com' };
const claimsOf = (header: string) => JSON.parse(Buffer.from(/t=([^,]+)/.exec(header)![1]!.split('.')[1]!, 'base64url').toString());

describe('vapidHeaders', () => {
  it('signs once per push service and reuses the header until it nears its expiry', () => {
    let now = new Date('2026-12-03T12:00:00Z');
    const headerFor = vapidHeaders(vapid, () => now);
    const first = headerFor('https://fcm.googleapis.com/fcm/send/device-1');
    expect(first).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`));
    expect(claimsOf(first)).toMatchObject({ aud: 'https://fcm.googleapis.com', sub: vapid.subject, exp: Date.parse('2026-12-04T00:00:00Z') / 1000 });
    expect(headerFor('https://fcm.googleapis.com/fcm/send/device-2')).toBe(first);

    const other = headerFor('https://updates.push.services.mozilla.com/wpush/v2/x');
    expect(claimsOf(other).aud).toBe('https://updates.push.services.mozilla.com');

    now = new Date('2026-12-03T22:59:00Z');
    expect(headerFor('https://fcm.googleapis.com/fcm/send/device-1')).toBe(first);
    now = new Date('2026-12-03T23:00:00Z');
    const renewed = headerFor('https://fcm.googleapis.com/fcm/send/device-1');
    expect(renewed).not.toBe(first);
    expect(claimsOf(renewed).exp).toBe(Date.parse('2026-12-04T11:00:00Z') / 1000);
  });
});
