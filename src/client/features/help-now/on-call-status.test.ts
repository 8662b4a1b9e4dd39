import { describe, expect, it } from 'vitest';
import type { OnCallSettingsView } from '@common/help-now';
import { onCallStatus } from './on-call-status';

const view: OnCallSettingsView = { onCall: true, from: '08:00', to: '18:00', firstPrice: '45.00', minutePrice: '2.50', timeZone: 'America/New_York', ringableNow: false };
// 15:00 UTC is 10:00 in New York in December; 03:00 UTC is 22:00 the evening before.
const morning = new Date('2026-12-03T15:00:00Z');
const night = new Date('2026-12-04T03:00:00Z');

describe('the on-call status line', () => {
  it('says so when the expert can be rung', () => {
    expect(onCallStatus({ ...view, ringableNow: true }, morning)).toBe('You can be rung now.');
  });

  it('says why not', () => {
    expect(onCallStatus({ ...view, onCall: false }, morning)).toBe('You are not rung: Help now is off.');
    expect(onCallStatus(view, night)).toBe('You are not rung now: it is outside your hours (08:00 to 18:00).');
    expect(onCallStatus(view, morning)).toMatch(/^You are not rung now: keep a page of K&B Marine open/);
  });

  it('reads hours that run past midnight', () => {
    expect(onCallStatus({ ...view, from: '20:00', to: '06:00' }, night)).toMatch(/keep a page/);
    expect(onCallStatus({ ...view, from: '20:00', to: '06:00' }, morning)).toMatch(/outside your hours/);
  });
});
