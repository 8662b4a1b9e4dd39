// The payments feature's door: its routes; the Stripe payments, the invoice issuer the bookings' completion
// calls and the invoice e-mail job, which app.ts creates.
export { paymentRoutes } from './routes.js';
export { createPayments } from './payments.js';
export { createInvoiceIssuer } from './issue-invoice.js';
export { defineInvoiceMailJob } from './invoice-mail.js';
