/** The payments feature's background jobs. */
export const REFUND_INVOICE_QUEUE = 'invoice-refund';
export const PAYMENT_REMINDER_QUEUE = 'invoice-payment-reminders';
