import { describe, expect, it } from 'vitest';
import { isApiPath, normalisedPath } from './request-path.js';

describe('normalisedPath', () => {
  it.each([
    ['/api/bookings/1/messages', '/api/bookings/1/messages'],
    ['/api/bookings?x=1', '/api/bookings'],
    ['/%61pi/bookings', '/api/bookings'],
    ['/%2561pi/bookings', '/api/bookings'],
    ['/%252561pi/bookings', '/api/bookings'],
    ['/api%2Fbookings', '/api/bookings'],
    ['/x/../api/bookings', '/api/bookings'],
    ['/x/%2e%2e/api/bookings', '/api/bookings'],
    ['/api/./bookings', '/api/bookings'],
    ['/../../api/bookings', '/api/bookings'],
    ['//api/bookings', '/api/bookings'],
    ['/api//bookings/', '/api/bookings/'],
    ['/\\api\\bookings', '/api/bookings'],
    ['http://evil.example/api/bookings?x', '/api/bookings'],
    ['/experts/100%', '/experts/100%'],
    ['/', '/'],
    ['', '/'],
  ])('reads %j as %j', (url, path) => {
    expect(normalisedPath(url)).toBe(path);
  });

  it('tells API paths from pages', () => {
    expect(isApiPath('/api')).toBe(true);
    expect(isApiPath('/api/experts')).toBe(true);
    expect(isApiPath('/apiary')).toBe(false);
    expect(isApiPath('/experts')).toBe(false);
  });
});
