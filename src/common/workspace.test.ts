import { describe, expect, it } from 'vitest';
import {
  RATE_MESSAGE,
  VIDEO_NEEDS_RATE,
  minutesOfTimeOfDay,
  practiceFormBody,
  practiceFormSchema,
  timeOfDayOf,
  updateWorkspaceProfileSchema,
} from './workspace.js';

describe('rates', () => {
  it('reads typed rates as cents, tolerating a dollar sign', () => {
    expect(updateWorkspaceProfileSchema.parse({ videoRate: '$75', onsiteRate: 125.5 })).toEqual({ videoRate: 7500, onsiteRate: 12550 });
  });

  it('refuses zero, negatives, three decimals and more than $5,000', () => {
    for (const videoRate of ['0', '-5', '75.001', '5000.01', 'seventy']) {
      const result = updateWorkspaceProfileSchema.safeParse({ videoRate });
      expect(result.success, videoRate).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(RATE_MESSAGE);
    }
  });
});

describe('the practice form', () => {
  const base = { onsiteRate: '125', serviceTypes: ['onsite'], timeZone: 'America/New_York' };

  it('leaves an empty video rate unset while video is not offered, and sends nothing for it', () => {
    expect(practiceFormSchema.safeParse({ ...base, videoRate: '' }).success).toBe(true);
    expect(practiceFormBody({ ...base, videoRate: '' } as never)).toEqual(base);
  });

  it('asks for a video rate as soon as video is ticked', () => {
    const result = practiceFormSchema.safeParse({ ...base, videoRate: '', serviceTypes: ['onsite', 'video'] });
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['videoRate'], message: VIDEO_NEEDS_RATE })]);
  });
});

describe('times of day', () => {
  it('reads and writes 24-hour times, with 24:00 as the end of the day', () => {
    expect(minutesOfTimeOfDay('08:30')).toBe(510);
    expect(minutesOfTimeOfDay('24:00')).toBe(1440);
    expect(minutesOfTimeOfDay('24:30')).toBeNull();
    expect(minutesOfTimeOfDay('8:30')).toBeNull();
    expect(timeOfDayOf(1440)).toBe('24:00');
    expect(timeOfDayOf(570)).toBe('09:30');
  });
});
