import { useMemo } from 'react';
import { useSearchParams } from 'react-router';

// No zod here: the directories, the expert's page and the booking forms read these on their first paint.

/**
 * The boat and maintenance task a booking is being made for: 'Book an expert' on a task opens the directory
 * with `?boat={boatId}&task={taskId}`, and every booking link from there keeps them, so the booking form can
 * choose the boat and attach the task.
 */
export interface BookingBoat {
  boatId: string;
  taskId: string | null;
}

export const BOOKING_BOAT_PARAM = 'boat';
export const BOOKING_TASK_PARAM = 'task';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The boat and task of an address's query; null without a well-formed boat (a task alone means nothing). */
export function readBookingBoat(search: URLSearchParams): BookingBoat | null {
  const boatId = search.get(BOOKING_BOAT_PARAM) ?? '';
  if (!UUID.test(boatId)) return null;
  const taskId = search.get(BOOKING_TASK_PARAM) ?? '';
  return { boatId, taskId: UUID.test(taskId) ? taskId : null };
}

/** `path` (which may have a query already) with the boat and task added; `path` itself without them. */
export function withBookingBoat(path: string, boat: BookingBoat | null): string {
  if (!boat) return path;
  const [pathname = '', query = ''] = path.split('?', 2);
  const search = new URLSearchParams(query);
  search.set(BOOKING_BOAT_PARAM, boat.boatId);
  if (boat.taskId) search.set(BOOKING_TASK_PARAM, boat.taskId);
  else search.delete(BOOKING_TASK_PARAM);
  return `${pathname}?${search}`;
}

/** The query without the boat and task (the directory's 'Clear'), with a leading '?' when anything is left. */
export function withoutBookingBoat(search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  rest.delete(BOOKING_BOAT_PARAM);
  rest.delete(BOOKING_TASK_PARAM);
  const text = rest.toString();
  return text ? `?${text}` : '';
}

/** The boat and task of the current address, or null. */
export function useBookingBoat(): BookingBoat | null {
  const [searchParams] = useSearchParams();
  const boatId = searchParams.get(BOOKING_BOAT_PARAM) ?? '';
  const taskId = searchParams.get(BOOKING_TASK_PARAM) ?? '';
  // One object while the two values stay the same, so effects that depend on it do not rerun.
  return useMemo(() => readBookingBoat(new URLSearchParams({ [BOOKING_BOAT_PARAM]: boatId, [BOOKING_TASK_PARAM]: taskId })), [boatId, taskId]);
}
