import { describe, expect, it } from 'vitest';
import { slotLabel } from './slot-times';

// The expert in Destin (Central) offers 9:00 AM on December 8; the boat is in Annapolis (Eastern).
const slot = { time: '9:00 AM', start: '2026-12-08T15:00:00.000Z' };
const date = '2026-12-08';

describe('slotLabel', () => {
  it("tells the expert's time alone when every clock reads it alike", () => {
    expect(slotLabel(slot, date, { expert: 'America/Chicago', shown: 'America/Chicago', viewer: 'America/Chicago' })).toBe('9:00 AM');
  });

  it("tells the place's time when the visit is in another zone", () => {
    expect(slotLabel(slot, date, { expert: 'America/Chicago', shown: 'America/New_York', viewer: 'America/New_York' })).toBe('10:00 AM');
  });

  it("adds the viewer's clock when it reads otherwise", () => {
    expect(slotLabel(slot, date, { expert: 'America/Chicago', shown: 'America/New_York', viewer: 'America/Los_Angeles' })).toBe('10:00 AM (7:00 AM your time)');
    expect(slotLabel(slot, date, { expert: 'America/Chicago', shown: 'America/Chicago', viewer: 'America/New_York' })).toBe('9:00 AM (10:00 AM your time)');
  });

  it("names the day when the viewer's clock is on another one", () => {
    expect(slotLabel(slot, date, { expert: 'America/Chicago', shown: 'America/New_York', viewer: 'Asia/Tokyo' })).toBe('10:00 AM (Wed 12:00 AM your time)');
  });
});
