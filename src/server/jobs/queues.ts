/**
 * Queues that one feature fills and another works. Bookings asks for a refund when a paid booking is
 * cancelled; payments, which builds on bookings, defines the worker: with the name here, bookings needs
 * nothing from payments.
 */
export const REFUND_QUEUE = 'payment-refund';
