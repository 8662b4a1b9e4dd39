import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Booking,
  BookingDetail,
  CancelBookingInput,
  ClientConfig,
  Consultation,
  CreateBookingInput,
  RescheduleBookingInput,
  Slot,
} from '@common/bookings';
import type { EngineHoursInput } from '@common/boats';
import type { ServiceType } from '@common/roles';
import { CLIENT_CONFIG_PATH } from '@common/page-requests';
import { apiJson, apiRequest } from '../../lib/api-request';
import { allDashboardQueries } from '../dashboard';
import { expertKeys } from '../experts';

const BOOKINGS = '/api/bookings';

/**
 * The bookings' query keys: each the request's path, which the default fetcher (lib/query-client.ts)
 * reads. Every key under `all` is an answer about the caller's bookings.
 */
export const bookingKeys = {
  all: [BOOKINGS] as const,
  pages: () => [BOOKINGS, 'pages'] as const,
  detail: (id: string) => [BOOKINGS, id] as const,
  consultations: ['/api/consultations'] as const,
  clientConfig: [CLIENT_CONFIG_PATH] as const,
  /** An expert's free times, every date and service. */
  expertSlots: (expertId: number) => ['/api/experts', expertId, 'slots'] as const,
  slots: (params: SlotsParams) => ['/api/experts', params.expertId, 'slots', params] as const,
  /** Computed from the slots, not a request: the first date a quick time from the expert's profile is free. */
  quickTime: (expertId: number | undefined, timeZone: string | undefined, time: string | null) => ['quick-time', expertId, timeZone, time] as const,
};

export function getClientConfig() {
  return apiJson<ClientConfig>('GET', CLIENT_CONFIG_PATH);
}
export const clientConfigQueryOptions = () =>
  queryOptions({ queryKey: bookingKeys.clientConfig, queryFn: getClientConfig, staleTime: Infinity });
/** What the server has switched on (payments and Stripe's publishable key). */
export function useClientConfig() {
  return useQuery(clientConfigQueryOptions());
}

export interface SlotsParams {
  expertId: number;
  type: ServiceType;
  date: string;
  hours?: number;
}
export function getSlots({ expertId, type, date, hours }: SlotsParams) {
  const search = new URLSearchParams({ type, date, ...(hours ? { hours: String(hours) } : {}) });
  return apiJson<Slot[]>('GET', `/api/experts/${expertId}/slots?${search}`);
}
export const slotsQueryOptions = (params: SlotsParams) =>
  // Free times change as people book: never older than 30 seconds.
  queryOptions({ queryKey: bookingKeys.slots(params), queryFn: () => getSlots(params), staleTime: 30_000 });
/** The expert's free start times on a date, in the expert's zone. */
export function useSlots(params: SlotsParams | null) {
  return useQuery({
    ...slotsQueryOptions(params ?? { expertId: 0, type: 'video', date: '' }),
    enabled: !!params && params.expertId > 0 && !!params.date,
  });
}

/** A page of the caller's bookings, and the counts the headings show (the same on every page). */
export interface BookingsPage {
  bookings: Booking[];
  /** All the caller's bookings (`X-Total-Count`) and how many are upcoming (`X-Upcoming-Count`). */
  total: number;
  upcoming: number;
  /** The next page's cursor (`X-Next-Cursor`); null on the last page. */
  nextCursor: string | null;
}

export async function getBookingsPage(cursor?: string): Promise<BookingsPage> {
  const response = await apiRequest('GET', cursor ? `/api/bookings?cursor=${encodeURIComponent(cursor)}` : '/api/bookings');
  const bookings = (await response.json()) as Booking[];
  const count = (header: string, fallback: number) => {
    const value = Number.parseInt(response.headers.get(header) ?? '', 10);
    return Number.isFinite(value) ? value : fallback;
  };
  return {
    bookings,
    total: count('X-Total-Count', bookings.length),
    upcoming: count('X-Upcoming-Count', 0),
    nextCursor: response.headers.get('X-Next-Cursor'),
  };
}
export const bookingsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: bookingKeys.pages(),
    queryFn: ({ pageParam }) => getBookingsPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor ?? undefined,
    staleTime: 0,
  });
/** The caller's bookings in pages, the upcoming ones by start time, then the rest latest first, for 'Load more'. */
export function useBookings() {
  return useInfiniteQuery(bookingsQueryOptions());
}

export function getBooking(id: string) {
  return apiJson<BookingDetail>('GET', `/api/bookings/${encodeURIComponent(id)}`);
}
export const bookingQueryOptions = (id: string) =>
  queryOptions({ queryKey: bookingKeys.detail(id), queryFn: () => getBooking(id), staleTime: 0 });
export function useBooking(id: string) {
  return useQuery(bookingQueryOptions(id));
}

export function getConsultations() {
  return apiJson<Consultation[]>('GET', '/api/consultations');
}
export const consultationsQueryOptions = () => queryOptions({ queryKey: bookingKeys.consultations, queryFn: getConsultations });
export function useConsultations(enabled: boolean) {
  return useQuery({ ...consultationsQueryOptions(), enabled });
}

function useInvalidateBookings() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
      queryClient.invalidateQueries({ queryKey: bookingKeys.consultations }),
      // The dashboard's stats and activity count bookings.
      queryClient.invalidateQueries(allDashboardQueries),
      queryClient.invalidateQueries({ queryKey: expertKeys.all }),
    ]);
  };
}

/**
 * Creates a booking. The caller makes one idempotency key per submit, so the one automatic retry of a
 * write that timed out returns the first answer instead of 'That time was just booked'.
 */
export function createBooking({ input, idempotencyKey }: { input: CreateBookingInput; idempotencyKey: string }) {
  return apiJson<Booking>('POST', '/api/bookings', input, { 'Idempotency-Key': idempotencyKey });
}
export function useCreateBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({ mutationFn: createBooking, onSuccess: invalidate });
}

export function cancelBooking({ id, ...input }: CancelBookingInput & { id: string }) {
  return apiJson<BookingDetail>('POST', `/api/bookings/${encodeURIComponent(id)}/cancel`, input);
}
export function useCancelBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({ mutationFn: cancelBooking, onSuccess: invalidate });
}

export function rescheduleBooking({ id, ...input }: RescheduleBookingInput & { id: string }) {
  return apiJson<BookingDetail>('POST', `/api/bookings/${encodeURIComponent(id)}/reschedule`, input);
}
export function useRescheduleBooking() {
  const invalidate = useInvalidateBookings();
  return useMutation({ mutationFn: rescheduleBooking, onSuccess: invalidate });
}

/**
 * The booking's expert records the engine hours of its boat (one figure per engine, in order). The booking
 * keeps its copy of the boat as booked, beside the hours last recorded on the visit.
 */
export function recordBookingEngineHours({ id, input }: { id: string; input: EngineHoursInput }) {
  return apiJson<{ ok: true }>('POST', `/api/bookings/${encodeURIComponent(id)}/engine-hours`, input);
}
export function useRecordBookingEngineHours() {
  const queryClient = useQueryClient();
  // The booking's page shows the hours recorded on the visit: read it again.
  return useMutation({ mutationFn: recordBookingEngineHours, onSuccess: (_answer, { id }) => queryClient.invalidateQueries({ queryKey: bookingKeys.detail(id) }) });
}

/** Keyed by the booking; the server computes the amount (docs/PRODUCT.md#payments). */
export function createPaymentIntent(input: { bookingId: string; expertId?: number; serviceType?: ServiceType; estimatedHours?: number }) {
  return apiJson<{ clientSecret: string }>('POST', '/api/create-payment-intent', input);
}
export function useCreatePaymentIntent() {
  return useMutation({ mutationFn: createPaymentIntent });
}
