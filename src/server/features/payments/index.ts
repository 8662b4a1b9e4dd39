// The payments feature's door: its routes, and the Stripe payments app.ts creates (their refund job too).
export { paymentRoutes } from './routes.js';
export { createPayments } from './payments.js';
