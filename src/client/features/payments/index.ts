// The payments feature's door: a booking's invoice card, the expert's completion with an invoice, the
// workspace's Earnings tab and the administrators' payment screens.
export { BookingInvoiceCard } from './invoice-card';
export { CompleteVisitDialog, type VisitToComplete } from './complete-visit-dialog';
export { EarningsPanel } from './earnings-panel';
export { DisputesPanel, OverpaymentsPanel, PayoutsPanel, RevenuePanel } from './admin-money';
