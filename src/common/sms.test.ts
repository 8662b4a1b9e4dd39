import { describe, expect, it } from 'vitest';
import { formatMobileNumber, noticeText, sendCodeSchema, SINGLE_TEXT_CHARS, toE164 } from './sms.js';

describe('mobile numbers', () => {
  it('read US numbers as people type them', () => {
    for (const typed of ['(410) 555-0100', '410-555-0100', '410.555.0100', '4105550100', '1 410 555 0100', '+1 (410) 555-0100', ' +14105550100 ']) {
      expect(toE164(typed), typed).toBe('+14105550100');
    }
  });

  it('read other countries’ numbers after + and the country code', () => {
    expect(toE164('+44 7700 900123')).toBe('+447700900123');
    expect(toE164('+49 151 2345 6789')).toBe('+4915123456789');
  });

  it('refuse what cannot be a number to text', () => {
    for (const typed of ['', '555-0100', '(010) 555-0100', '(410) 155-0100', '+1 410 555 010', '+0 123 4567', '+44 12', '+123456789012345678', 'call me', '410-555-0100 x12', '++14105550100']) {
      expect(toE164(typed), typed).toBeNull();
    }
  });

  it('are answered in E.164 by the request schema and shown with their US spacing', () => {
    expect(sendCodeSchema.parse({ number: '(410) 555-0100' })).toEqual({ number: '+14105550100' });
    expect(formatMobileNumber('+14105550100')).toBe('+1 (410) 555-0100');
    expect(formatMobileNumber('+447700900123')).toBe('+447700900123');
  });
});

describe('a notice as a text', () => {
  const link = 'https://kbmarine.example/bookings/6f0c1c1e-5a8f-4d6a-9b7e-2f3c4d5e6f70';

  it('keeps a short notice whole, with its link', () => {
    expect(noticeText('Booking confirmed: Tue, Jun 15 at 10:00 AM with Sam Reyes.', link)).toBe(`Booking confirmed: Tue, Jun 15 at 10:00 AM with Sam Reyes. ${link}`);
  });

  it('cuts a long one to fit one text, the link whole, and writes curly quotes and dashes plainly', () => {
    const text = noticeText(`New booking request – “${'engine won’t start '.repeat(12)}”`, link);
    expect(text.length).toBe(SINGLE_TEXT_CHARS);
    expect(text.endsWith(`... ${link}`)).toBe(true);
    expect(text).toMatch(/^New booking request - "engine won't start/);
  });
});
