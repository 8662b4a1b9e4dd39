import { describe, expect, it } from 'vitest';
import { readBookingBoat, withBookingBoat, withoutBookingBoat } from './booking-boat';

const BOAT = '11111111-1111-4111-8111-111111111111';
const TASK = '33333333-3333-4333-8333-333333333333';

describe('the boat and task a booking is made for', () => {
  it('is read from the address, a malformed task being none', () => {
    expect(readBookingBoat(new URLSearchParams({ specialty: 'engines', boat: BOAT, task: TASK }))).toEqual({ boatId: BOAT, taskId: TASK });
    expect(readBookingBoat(new URLSearchParams({ boat: BOAT, task: 'x' }))).toEqual({ boatId: BOAT, taskId: null });
    expect(readBookingBoat(new URLSearchParams({ boat: BOAT }))).toEqual({ boatId: BOAT, taskId: null });
  });

  it('is nothing without a well-formed boat, even with a task', () => {
    expect(readBookingBoat(new URLSearchParams({ task: TASK }))).toBeNull();
    expect(readBookingBoat(new URLSearchParams({ boat: 'not-a-boat', task: TASK }))).toBeNull();
    expect(readBookingBoat(new URLSearchParams())).toBeNull();
  });

  it('is carried by the booking links, beside their own query', () => {
    const boat = { boatId: BOAT, taskId: TASK };
    expect(withBookingBoat('/book-onsite?expertId=7', boat)).toBe(`/book-onsite?expertId=7&boat=${BOAT}&task=${TASK}`);
    expect(withBookingBoat('/expert/7', boat)).toBe(`/expert/7?boat=${BOAT}&task=${TASK}`);
    expect(withBookingBoat('/book-video?expertId=7', { boatId: BOAT, taskId: null })).toBe(`/book-video?expertId=7&boat=${BOAT}`);
    expect(withBookingBoat('/book-video?expertId=7', null)).toBe('/book-video?expertId=7');
  });

  it("is dropped by the directory's Clear, which keeps the filters", () => {
    expect(withoutBookingBoat(new URLSearchParams({ specialty: 'engines', boat: BOAT, task: TASK }))).toBe('?specialty=engines');
    expect(withoutBookingBoat(new URLSearchParams({ boat: BOAT, task: TASK }))).toBe('');
  });
});
