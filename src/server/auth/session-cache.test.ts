import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../common/user.js';
import { createSessionCache } from './session-cache.js';

const user = (id: string, role: CurrentUser['role'] = 'user'): CurrentUser => ({
  id,
  profileImageUrl: null,
  firstName: 'Test',
  lastName: 'Owner',
  email: `${id}@example.com`,
  emailVerified: true,
  phone: null,
  address: null,
  city: null,
  state: null,
  zipCode: null,
  timeZone: null,
  role,
  status: 'active',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const farFuture = new Date('2100-01-01T00:00:00Z');

const found = (id: string, sessionExpiresAt = farFuture) => async () => ({ user: user(id), sessionExpiresAt });
const neverAsked = async (): Promise<null> => {
  throw new Error('looked up although remembered');
};

describe('session cache', () => {
  it('answers from memory until the time to live, counted from the start of the lookup', async () => {
    let now = 1_000_000;
    const cache = createSessionCache(5000, () => now);
    await cache.currentUser('cookie-a', async () => {
      now += 300; // the lookup itself takes time
      return { user: user('a'), sessionExpiresAt: farFuture };
    });
    now = 1_000_000 + 4999;
    expect((await cache.currentUser('cookie-a', neverAsked))?.id).toBe('a');
    now = 1_000_000 + 5000;
    expect((await cache.currentUser('cookie-a', found('a-again')))?.id).toBe('a-again');
  });

  it('never answers past the end of the session', async () => {
    let now = 1_000_000;
    const cache = createSessionCache(5000, () => now);
    await cache.currentUser('cookie-a', found('a', new Date(now + 1000)));
    now += 1000;
    expect(await cache.currentUser('cookie-a', async () => null)).toBeNull();
  });

  it('shares one lookup between requests with the same cookie that arrive while it runs', async () => {
    const cache = createSessionCache(5000);
    let lookups = 0;
    const slow = async () => {
      lookups++;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { user: user('a'), sessionExpiresAt: farFuture };
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.currentUser('cookie-a', slow)));
    expect(answers.map((a) => a?.id)).toEqual(Array(20).fill('a'));
    expect(lookups).toBe(1);
  });

  it('forgets everything on clear, and neither remembers nor shares a lookup that was under way during it', async () => {
    const cache = createSessionCache(5000);
    await cache.currentUser('cookie-a', found('a'));
    let finish: (value: { user: CurrentUser; sessionExpiresAt: Date }) => void = () => {};
    const underWay = cache.currentUser('cookie-b', () => new Promise((resolve) => (finish = resolve)));
    cache.clear();
    const afterClear = cache.currentUser('cookie-b', found('b-after-clear'));
    finish({ user: user('b-before-clear'), sessionExpiresAt: farFuture });
    expect((await underWay)?.id).toBe('b-before-clear');
    expect((await afterClear)?.id).toBe('b-after-clear');
    expect((await cache.currentUser('cookie-a', found('a-again')))?.id).toBe('a-again');
    expect((await cache.currentUser('cookie-b', neverAsked))?.id).toBe('b-after-clear');
  });

  it('does not remember signed-out answers, nor anything with a time to live of 0', async () => {
    const cache = createSessionCache(5000);
    expect(await cache.currentUser('cookie-a', async () => null)).toBeNull();
    expect((await cache.currentUser('cookie-a', found('a')))?.id).toBe('a');
    const off = createSessionCache(0);
    await off.currentUser('cookie-b', found('b'));
    expect((await off.currentUser('cookie-b', found('b-again')))?.id).toBe('b-again');
    expect(off.size()).toBe(0);
  });

  it('drops expired entries, so memory holds only the sessions of the last few seconds', async () => {
    let now = 0;
    const cache = createSessionCache(1000, () => now);
    for (let i = 0; i < 100; i++) await cache.currentUser(`cookie-${i}`, found(String(i)));
    expect(cache.size()).toBe(100);
    now = 1000;
    await cache.currentUser('fresh', found('fresh'));
    expect(cache.size()).toBe(1);
  });
});
