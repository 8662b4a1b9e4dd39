import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../common/user.js';
import { createSessionCache } from './session-cache.js';

const user = (id: string, role: CurrentUser['role'] = 'user'): CurrentUser => ({
  id,
  profileImageUrl: null,
  firstName: 'Test',
  lastName: 'Owner',
  email: `${id}@example.com`,
  phone: null,
  address: null,
  city: null,
  state: null,
  zipCode: null,
  role,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const farFuture = new Date('2100-01-01T00:00:00Z');

describe('session cache', () => {
  it('answers from memory until the time to live, counted from the start of the lookup', async () => {
    let now = 1_000_000;
    const cache = createSessionCache(5000, () => now);
    await cache.remember('cookie-a', async () => {
      now += 300; // the lookup itself takes time
      return { user: user('a'), sessionExpiresAt: farFuture };
    });
    now = 1_000_000 + 4999;
    expect(cache.get('cookie-a')?.id).toBe('a');
    now = 1_000_000 + 5000;
    expect(cache.get('cookie-a')).toBeUndefined();
  });

  it('never answers past the end of the session', async () => {
    let now = 1_000_000;
    const cache = createSessionCache(5000, () => now);
    await cache.remember('cookie-a', async () => ({ user: user('a'), sessionExpiresAt: new Date(now + 1000) }));
    now += 1000;
    expect(cache.get('cookie-a')).toBeUndefined();
  });

  it('forgets everything on clear, and does not remember a lookup that was under way during it', async () => {
    const cache = createSessionCache(5000);
    await cache.remember('cookie-a', async () => ({ user: user('a'), sessionExpiresAt: farFuture }));
    let finish: (value: { user: CurrentUser; sessionExpiresAt: Date }) => void = () => {};
    const underWay = cache.remember('cookie-b', () => new Promise((resolve) => (finish = resolve)));
    cache.clear();
    finish({ user: user('b', 'user'), sessionExpiresAt: farFuture });
    expect((await underWay)?.id).toBe('b');
    expect(cache.get('cookie-a')).toBeUndefined();
    expect(cache.get('cookie-b')).toBeUndefined();
  });

  it('does not remember signed-out answers, nor anything with a time to live of 0', async () => {
    const cache = createSessionCache(5000);
    expect(await cache.remember('cookie-a', async () => null)).toBeNull();
    expect(cache.get('cookie-a')).toBeUndefined();
    const off = createSessionCache(0);
    expect((await off.remember('cookie-b', async () => ({ user: user('b'), sessionExpiresAt: farFuture })))?.id).toBe('b');
    expect(off.get('cookie-b')).toBeUndefined();
  });

  it('drops expired entries, so memory holds only the sessions of the last few seconds', async () => {
    let now = 0;
    const cache = createSessionCache(1000, () => now);
    for (let i = 0; i < 100; i++) await cache.remember(`cookie-${i}`, async () => ({ user: user(String(i)), sessionExpiresAt: farFuture }));
    now = 1000;
    await cache.remember('fresh', async () => ({ user: user('fresh'), sessionExpiresAt: farFuture }));
    expect(cache.size()).toBe(1);
  });
});
