import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { turnExpiry, turnServerFor } from './turn-credentials.js';

const HOUR = 3_600_000;
const relay = { urls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349'], secret: 'a-static-auth-secret-of-32-chars!' };
const bookingId = '6f1c2f7e-7a39-4b59-9d2a-0c1e5b8a4d21';

describe('TURN credentials (coturn use-auth-secret)', () => {
  it('names the expiry and the booking, and signs the name with HMAC-SHA1 of the secret in base64', () => {
    const server = turnServerFor(relay, bookingId, new Date('2030-05-01T15:30:00Z'));
    expect(server.username).toBe(`1903879800:${bookingId}`);
    expect(server.credential).toBe(createHmac('sha1', relay.secret).update(server.username).digest('base64'));
    expect(server.urls).toEqual(relay.urls);
  });

  it('matches a value worked out by hand', () => {
    // HMAC-SHA1('secret', '1700000000:booking'), computed once with `openssl dgst -sha1 -hmac secret -binary | base64`.
    expect(turnServerFor({ urls: [], secret: 'secret' }, 'booking', new Date(1_700_000_000_000)).credential).toBe('HAkQoUyRpg+LbGkHfO0XcBcCNRk=');
  });

  it('lasts until an hour after the room closes, and at least an hour from now', () => {
    const closes = new Date('2030-05-01T15:30:00Z');
    expect(turnExpiry(closes, new Date('2030-05-01T15:00:00Z'))).toEqual(new Date(closes.getTime() + HOUR));
    expect(turnExpiry(closes, new Date('2030-04-20T08:00:00Z'))).toEqual(new Date(closes.getTime() + HOUR));
    expect(turnExpiry(closes, new Date('2030-05-01T16:10:00Z'))).toEqual(new Date('2030-05-01T17:10:00Z'));
    // Whole seconds, never earlier than the rule says.
    expect(turnExpiry(closes, new Date('2030-05-01T16:10:00.250Z'))).toEqual(new Date('2030-05-01T17:10:01Z'));
  });
});
