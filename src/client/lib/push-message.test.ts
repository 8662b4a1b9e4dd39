import { describe, expect, it } from 'vitest';
import { APP_BADGE, APP_ICON, clickedUrl, notificationOf, windowForClick } from './push-message';

const ORIGIN = 'https://kb.example';

describe('the notification a push shows', () => {
  it('shows the server message: title, body, icons, the page and the tag', () => {
    const payload = JSON.stringify({ title: 'New booking request', body: 'Ann asks for Tue 10:00 AM', path: '/workspace?booking=7', tag: 'booking_requested:/workspace' });
    expect(notificationOf(payload, ORIGIN)).toEqual({
      title: 'New booking request',
      options: {
        body: 'Ann asks for Tue 10:00 AM',
        icon: APP_ICON,
        badge: APP_BADGE,
        tag: 'booking_requested:/workspace',
        data: { url: 'https://kb.example/workspace?booking=7' },
      },
    });
  });

  it('shows a plain notice leading to the notification centre for a payload it cannot read', () => {
    for (const payload of [null, '', 'not json', '[]', '{"title":"x"}', JSON.stringify({ title: 'x', body: 'y', path: 'https://evil.example/' })]) {
      const shown = notificationOf(payload, ORIGIN);
      expect(shown.title).toBe('K&B Marine');
      expect(shown.options.data.url).toBe('https://kb.example/notifications');
    }
  });

  it('never leads off our origin, however the path is spelled', () => {
    for (const path of ['//evil.example/x', '/\\evil.example/x']) {
      const shown = notificationOf(JSON.stringify({ title: 't', body: 'b', path, tag: '' }), ORIGIN);
      expect(shown.options.data.url).toBe('https://kb.example/notifications');
      expect(shown.options.tag).toBeUndefined();
    }
    expect(clickedUrl({ url: 'https://evil.example/' }, ORIGIN)).toBe('https://kb.example/notifications');
    expect(clickedUrl(null, ORIGIN)).toBe('https://kb.example/notifications');
    expect(clickedUrl({ url: 'https://kb.example/bookings/3' }, ORIGIN)).toBe('https://kb.example/bookings/3');
  });
});

describe('the window a click opens the page in', () => {
  const target = 'https://kb.example/bookings/3';
  it('brings forward a window already on the page', () => {
    expect(windowForClick([{ url: 'https://kb.example/', focused: true }, { url: target, focused: false }], target)).toEqual({ index: 1, navigate: false });
  });
  it('else takes the focused window, else the first, to the page', () => {
    expect(windowForClick([{ url: 'https://kb.example/', focused: false }, { url: 'https://kb.example/settings', focused: true }], target)).toEqual({ index: 1, navigate: true });
    expect(windowForClick([{ url: 'https://kb.example/', focused: false }], target)).toEqual({ index: 0, navigate: true });
  });
  it('opens a new window when none of the app is open', () => {
    expect(windowForClick([], target)).toEqual({ index: -1, navigate: true });
  });
});
