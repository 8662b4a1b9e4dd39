/** The fan-out topic of a booking's thread: every open page of the booking, on any app server, listens to it. */
export function threadTopic(bookingId: string): string {
  return `booking-messages:${bookingId}`;
}
