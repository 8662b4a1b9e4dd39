import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Booking, CreateBookingInput, Slot } from '../src/common/bookings.js';
import type { Expert } from '../src/common/experts.js';
import type { ServiceType } from '../src/common/roles.js';
import { addDays, localDateOf } from '../src/common/zoned-time.js';

/**
 * Bookings made the way the screens make them, from inside the signed-in page (its session cookie and
 * origin), so a journey can start from bookings that exist without going through the booking forms.
 */

async function getJson<T>(page: Page, path: string): Promise<T> {
  const { status, body } = await page.evaluate(async (url) => {
    const response = await fetch(url, { credentials: 'include' });
    return { status: response.status, body: await response.text() };
  }, path);
  expect(status, `${path}: ${body}`).toBe(200);
  return JSON.parse(body) as T;
}

/** Demo experts offering the service, as GET /api/experts lists them. */
export function expertsOffering(page: Page, serviceType: ServiceType): Promise<Expert[]> {
  return getJson<Expert[]>(page, `/api/experts?serviceType=${serviceType}&available=true&limit=20`);
}

export function freeSlots(page: Page, expertId: number, type: ServiceType, date: string, hours?: number): Promise<Slot[]> {
  const search = new URLSearchParams({ type, date, ...(hours ? { hours: String(hours) } : {}) });
  return getJson<Slot[]>(page, `/api/experts/${expertId}/slots?${search}`);
}

/** The first free time from `daysAhead` days on (in the expert's zone), skipping `skip` free times. */
export async function firstFreeSlot(
  page: Page,
  expert: Expert,
  type: ServiceType,
  { daysAhead = 2, hours, skip = 0 }: { daysAhead?: number; hours?: number; skip?: number } = {},
): Promise<{ date: string; slot: Slot }> {
  const today = localDateOf(new Date(), expert.timeZone);
  for (let day = daysAhead; day < daysAhead + 14; day++) {
    const date = addDays(today, day);
    const slots = await freeSlots(page, expert.id, type, date, hours);
    const slot = slots[skip];
    if (slot) return { date, slot };
  }
  throw new Error(`expert ${expert.id} has no free ${type} time in two weeks`);
}

/** POST /api/bookings with one idempotency key, as a submit click does; expects 201. */
export async function bookThroughApi(page: Page, input: CreateBookingInput): Promise<Booking> {
  const { status, body } = await page.evaluate(async (payload) => {
    const response = await fetch('/api/bookings', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
      body: JSON.stringify(payload),
    });
    return { status: response.status, body: await response.text() };
  }, input);
  expect(status, body).toBe(201);
  return JSON.parse(body) as Booking;
}

/** Books a 30-minute video consultation at the expert's first free time from `daysAhead` days on. */
export async function bookVideo(page: Page, expert: Expert, description: string, daysAhead = 2): Promise<Booking> {
  const { date, slot } = await firstFreeSlot(page, expert, 'video', { daysAhead });
  return bookThroughApi(page, { serviceType: 'video', expertId: expert.id, description, scheduledDate: date, preferredTime: slot.time });
}
