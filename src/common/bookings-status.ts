/**
 * The booking state machine, as data: the server enforces it and the screens read it to offer only the
 * actions allowed now. One place, so both sides always agree.
 */
export const BOOKING_STATUSES = ['requested', 'confirmed', 'completed', 'no_show', 'declined', 'expired', 'cancelled'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** A live booking holds its time: no other live booking of the same expert may overlap it. */
export const LIVE_STATUSES = ['requested', 'confirmed'] as const satisfies readonly BookingStatus[];

export function isLive(status: BookingStatus): boolean {
  return (LIVE_STATUSES as readonly BookingStatus[]).includes(status);
}

/**
 * A booking still to come: live (requested or confirmed) and not yet over. My Bookings lists these first,
 * soonest first, then every other booking latest first: the server's pages and the screen's sections.
 */
export function isUpcoming(booking: { status: BookingStatus; endsAt: string | Date }, now: Date = new Date()): boolean {
  return isLive(booking.status) && new Date(booking.endsAt).getTime() > now.getTime();
}

/** Who acts on a booking: its owner (the boat owner), its expert, an administrator, or the background jobs. */
export type BookingActor = 'owner' | 'expert' | 'admin' | 'system';

export const BOOKING_ACTIONS = ['confirm', 'decline', 'expire', 'cancel', 'complete', 'no_show', 'reschedule'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

export interface BookingTransition {
  from: readonly BookingStatus[];
  /** The status after the action; a reschedule's depends on the expert (instant bookings or not). */
  to: BookingStatus | 'requested-or-confirmed';
  by: readonly BookingActor[];
  /** Only before the booking starts, or only after it started. */
  when: 'before-start' | 'after-start' | 'any';
}

export const BOOKING_TRANSITIONS: Record<BookingAction, BookingTransition> = {
  confirm: { from: ['requested'], to: 'confirmed', by: ['expert', 'admin'], when: 'before-start' },
  decline: { from: ['requested'], to: 'declined', by: ['expert', 'admin'], when: 'any' },
  expire: { from: ['requested'], to: 'expired', by: ['system'], when: 'any' },
  cancel: { from: ['requested', 'confirmed'], to: 'cancelled', by: ['owner', 'expert', 'admin'], when: 'before-start' },
  complete: { from: ['confirmed'], to: 'completed', by: ['expert', 'admin', 'system'], when: 'after-start' },
  no_show: { from: ['confirmed'], to: 'no_show', by: ['expert', 'admin'], when: 'after-start' },
  reschedule: { from: ['requested', 'confirmed'], to: 'requested-or-confirmed', by: ['owner', 'admin'], when: 'before-start' },
};

export type TransitionRefusal = 'wrong-status' | 'wrong-actor' | 'too-early' | 'too-late';

/** Why an action is refused now, or null when it is allowed. */
export function refusalOf(
  action: BookingAction,
  booking: { status: BookingStatus; startsAt: Date | string },
  actors: readonly BookingActor[],
  now: Date = new Date(),
): TransitionRefusal | null {
  const rule = BOOKING_TRANSITIONS[action];
  if (!rule.by.some((actor) => actors.includes(actor))) return 'wrong-actor';
  if (!rule.from.includes(booking.status)) return 'wrong-status';
  const started = now.getTime() >= new Date(booking.startsAt).getTime();
  if (rule.when === 'before-start' && started) return 'too-late';
  if (rule.when === 'after-start' && !started) return 'too-early';
  return null;
}

/** The actions these actors may take on the booking now, in the order the screens offer them. */
export function allowedActions(
  booking: { status: BookingStatus; startsAt: Date | string },
  actors: readonly BookingActor[],
  now: Date = new Date(),
): BookingAction[] {
  return BOOKING_ACTIONS.filter((action) => refusalOf(action, booking, actors, now) === null);
}

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  requested: 'Awaiting confirmation',
  confirmed: 'Confirmed',
  completed: 'Completed',
  no_show: 'Missed',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** The 409 message for a refused action. */
export function refusalMessage(action: BookingAction, refusal: TransitionRefusal, status: BookingStatus): string {
  const label = BOOKING_STATUS_LABELS[status].toLowerCase();
  switch (refusal) {
    case 'wrong-actor':
      return 'You cannot do this to this booking.';
    case 'wrong-status':
      return action === 'cancel'
        ? `This booking is ${label} and can no longer be cancelled.`
        : action === 'reschedule'
          ? `This booking is ${label} and can no longer be rescheduled.`
          : `This booking is ${label}; that is not possible now.`;
    case 'too-late':
      return action === 'reschedule'
        ? 'This booking has already started and can no longer be rescheduled.'
        : 'This booking has already started; that is no longer possible.';
    case 'too-early':
      return 'This can only be done once the booking has started.';
  }
}
