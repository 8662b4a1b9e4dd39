import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarText, startCalendarServer, type CalendarServer } from '../../test/calendar-server.js';
import { calendarReadLimits, readCalendarAddress, type CalendarReadLimits } from './read-calendar-address.js';

let server: CalendarServer;
beforeAll(async () => {
  server = await startCalendarServer();
});
afterAll(async () => {
  await server.close();
});

/** http allowed and only 127.0.0.2 blocked: a redirect from the test server to a 'private' address. */
const onlyTwoBlocked: CalendarReadLimits = { ...calendarReadLimits(true, 2000), blocked: (address) => address === '127.0.0.2' };

describe('readCalendarAddress', () => {
  it('reads a calendar, also gzipped', async () => {
    const text = calendarText([]);
    expect(await readCalendarAddress(server.publish('/plain.ics', { kind: 'calendar', text }), onlyTwoBlocked)).toBe(text);
    expect(await readCalendarAddress(server.publish('/packed.ics', { kind: 'calendar', text, gzip: true }), onlyTwoBlocked)).toBe(text);
  });

  it('follows a redirect only to an address it may read, checked as the first one was', async () => {
    const port = new URL(server.url).port;
    const url = server.publish('/to-private.ics', { kind: 'redirect', location: `http://127.0.0.2:${port}/plain.ics` });
    await expect(readCalendarAddress(url, onlyTwoBlocked)).rejects.toThrow('its address leads to a private or local network, which calendars cannot be read from');
  });

  it('refuses http, and private and local addresses, by default, before connecting', async () => {
    const strict = calendarReadLimits(false, 2000);
    const path = '/never.ics';
    server.publish(path, { kind: 'calendar', text: calendarText([]) });
    await expect(readCalendarAddress(`${server.url}${path}`, strict)).rejects.toThrow('its address must start with https://');
    const port = new URL(server.url).port;
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '10.0.0.8', '192.168.1.1', '169.254.169.254', '100.64.0.1']) {
      await expect(readCalendarAddress(`https://${host}:${port}${path}`, strict), host).rejects.toThrow('private or local network');
    }
    expect(server.reads(path)).toBe(0);
  });

  it('says so when the server cannot be found', async () => {
    await expect(readCalendarAddress('https://calendar.invalid/a.ics', calendarReadLimits(false, 2000))).rejects.toThrow('the server calendar.invalid could not be found');
  });

  it('stops a gzipped answer that unpacks past the size limit', async () => {
    const big = `BEGIN:VCALENDAR\r\n${'X-FILLER:aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n'.repeat(100_000)}END:VCALENDAR\r\n`;
    const url = server.publish('/bomb.ics', { kind: 'calendar', text: big, gzip: true });
    await expect(readCalendarAddress(url, { ...onlyTwoBlocked, maxBytes: 1024 * 1024 })).rejects.toThrow('it is larger than 1 MB');
  });
});
