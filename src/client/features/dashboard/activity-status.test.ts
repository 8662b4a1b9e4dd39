import { describe, expect, it } from 'vitest';
import { activityBadge } from './activity-status';

describe('activityBadge', () => {
  it('reads completed as green and pending or requested as yellow', () => {
    expect(activityBadge('completed')).toEqual({ label: 'Completed', tone: 'green' });
    expect(activityBadge('pending')).toEqual({ label: 'Pending', tone: 'yellow' });
    expect(activityBadge('requested')).toEqual({ label: 'Awaiting confirmation', tone: 'yellow' });
  });

  it('names bookings that did not go ahead as such', () => {
    expect(activityBadge('cancelled').label).toBe('Cancelled');
    expect(activityBadge('declined').label).toBe('Declined');
    expect(activityBadge('expired').label).toBe('Expired');
    expect(activityBadge('no_show').label).toBe('Missed');
  });

  it("uses the booking's own label for a confirmed booking and 'In progress' for anything unknown", () => {
    expect(activityBadge('confirmed')).toEqual({ label: 'Confirmed', tone: 'blue' });
    expect(activityBadge('processing')).toEqual({ label: 'In progress', tone: 'blue' });
  });
});
