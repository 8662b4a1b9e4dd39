import { describe, expect, it } from 'vitest';
import {
  followUpSummaryInputSchema,
  hasControlCharacters,
  SUMMARY_AMEND_DAYS,
  summaryDeadline,
  summaryRefusal,
} from './follow-up-summary.js';

const start = new Date('2030-05-10T14:00:00Z');
const end = new Date('2030-05-10T14:30:00Z');
const video = { serviceType: 'video' as const, status: 'confirmed' as const, startsAt: start, endsAt: end };
const at = (ms: number) => new Date(start.getTime() + ms);

describe('summaryRefusal', () => {
  it('allows the expert from the start of a confirmed or completed video consultation', () => {
    expect(summaryRefusal(video, start)).toBeNull();
    expect(summaryRefusal({ ...video, status: 'completed' }, at(3 * 86_400_000))).toBeNull();
  });

  it('allows the service report of an onsite visit on the same terms', () => {
    expect(summaryRefusal({ ...video, serviceType: 'onsite' }, at(60_000))).toBeNull();
    expect(summaryRefusal({ ...video, serviceType: 'onsite' }, at(-1))).toBe('too-early');
  });

  it('refuses before the start, after the amendment window, and for bookings that did not take place', () => {
    expect(summaryRefusal(video, at(-1))).toBe('too-early');
    expect(summaryRefusal(video, summaryDeadline(video))).toBeNull();
    expect(summaryRefusal(video, new Date(summaryDeadline(video).getTime() + 1))).toBe('too-late');
    expect(summaryDeadline(video).getTime() - end.getTime()).toBe(SUMMARY_AMEND_DAYS * 86_400_000);
    for (const status of ['requested', 'cancelled', 'declined', 'expired', 'no_show'] as const) {
      expect(summaryRefusal({ ...video, status }, at(60_000))).toBe('wrong-status');
    }
  });
});

describe('followUpSummaryInputSchema', () => {
  it('trims, drops empty part numbers and quantities, and keeps line breaks in the texts', () => {
    const parsed = followUpSummaryInputSchema.parse({
      findings: '  Worn impeller.\nCracked hose.  ',
      nextSteps: 'Replace both.',
      parts: [{ name: ' Impeller ', partNumber: ' ', quantity: '' }, { name: 'Hose', quantity: '2' }],
    });
    expect(parsed).toEqual({
      findings: 'Worn impeller.\nCracked hose.',
      nextSteps: 'Replace both.',
      parts: [
        { name: 'Impeller', partNumber: null, quantity: null },
        { name: 'Hose', partNumber: null, quantity: 2 },
      ],
    });
  });

  it('tells control characters from line breaks', () => {
    expect(hasControlCharacters('a\tb\r\nc', true)).toBe(false);
    expect(hasControlCharacters('a\nb', false)).toBe(true);
    expect(hasControlCharacters('bell\u0007', true)).toBe(true);
    expect(hasControlCharacters('del\u007f', true)).toBe(true);
  });
});
