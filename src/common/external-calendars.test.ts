import { describe, expect, it } from 'vitest';
import { addExternalCalendarSchema, calendarFetchAddress, EXTERNAL_CALENDAR_MESSAGES } from './external-calendars.js';

describe('calendarFetchAddress', () => {
  it('reads webcal:// as https:// and keeps https and http addresses', () => {
    expect(calendarFetchAddress(' webcal://p01-caldav.icloud.com/published/2/abc ')).toBe('https://p01-caldav.icloud.com/published/2/abc');
    expect(calendarFetchAddress('WEBCALS://example.com/a.ics')).toBe('https://example.com/a.ics');
    expect(calendarFetchAddress('https://calendar.google.com/calendar/ical/x%40gmail.com/private-abc/basic.ics#top')).toBe(
      'https://calendar.google.com/calendar/ical/x%40gmail.com/private-abc/basic.ics',
    );
    expect(calendarFetchAddress('http://127.0.0.1:8080/a.ics')).toBe('http://127.0.0.1:8080/a.ics');
  });

  it('refuses other schemes, addresses with credentials and text that is no address', () => {
    for (const text of ['ftp://example.com/a.ics', 'file:///etc/passwd', 'https://user:pass@example.com/a.ics', 'calendar', 'javascript:alert(1)']) {
      expect(calendarFetchAddress(text), text).toBeNull();
    }
    const parsed = addExternalCalendarSchema.safeParse({ url: 'calendar', label: 'Work' });
    expect(parsed.success ? null : parsed.error.issues[0]!.message).toBe(EXTERNAL_CALENDAR_MESSAGES.urlInvalid);
  });
});
