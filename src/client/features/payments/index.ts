// The payments feature's door: a booking's invoice card, the expert's completion with an invoice.
export { BookingInvoiceCard } from './invoice-card';
export { CompleteVisitDialog, type VisitToComplete } from './complete-visit-dialog';
