import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisputeInvoiceInput, InPersonMethod, Invoice, RefundInvoiceInput, ResolveDisputeInput } from '@common/invoices';
import type { Earnings, PayoutReport, Revenue } from '@common/earnings';
import { apiJson } from '../../lib/api-request';
import { bookingKeys } from '../bookings';

/** Under the bookings' keys: every change to a booking reads its invoice again, and the reverse. */
export const paymentKeys = {
  invoice: (bookingId: string) => [...bookingKeys.detail(bookingId), 'invoice'] as const,
  disputes: ['/api/admin/disputes'] as const,
  overpayments: ['/api/admin/overpayments'] as const,
};

export function useInvoice(bookingId: string, enabled = true) {
  return useQuery({
    queryKey: paymentKeys.invoice(bookingId),
    queryFn: () => apiJson<{ invoice: Invoice | null }>('GET', `/api/bookings/${encodeURIComponent(bookingId)}/invoice`),
    select: (answer) => answer.invoice,
    enabled,
  });
}

export function invoicePdfUrl(bookingId: string): string {
  return `/api/bookings/${encodeURIComponent(bookingId)}/invoice.pdf`;
}

type InvoiceChange =
  | { action: 'paid-in-person'; body: { method: InPersonMethod } }
  | { action: 'confirm-payment'; body?: undefined }
  | { action: 'dispute'; body: DisputeInvoiceInput }
  | { action: 'resolve'; body: ResolveDisputeInput }
  | { action: 'refund'; body: RefundInvoiceInput }
  | { action: 'refund-overpayment'; body?: undefined };

/** One change to a booking's invoice; the booking and the administrators' queues are read again after it. */
export function useChangeInvoice(bookingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: InvoiceChange) =>
      apiJson<Invoice>('POST', `/api/bookings/${encodeURIComponent(bookingId)}/invoice/${change.action}`, change.body ?? {}),
    onSuccess: (invoice) => queryClient.setQueryData(paymentKeys.invoice(bookingId), { invoice }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.detail(bookingId) }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.disputes }),
        queryClient.invalidateQueries({ queryKey: paymentKeys.overpayments }),
      ]),
  });
}

export function useDisputes() {
  return useQuery({ queryKey: paymentKeys.disputes, queryFn: () => apiJson<Invoice[]>('GET', '/api/admin/disputes') });
}

export function useOverpayments() {
  return useQuery({ queryKey: paymentKeys.overpayments, queryFn: () => apiJson<Invoice[]>('GET', '/api/admin/overpayments') });
}

export const moneyKeys = {
  earnings: ['/api/workspace/earnings'] as const,
  revenue: (until: string) => ['/api/admin/revenue', until] as const,
  payouts: (period: string) => ['/api/admin/payouts', period] as const,
};

export function useEarnings() {
  return useQuery({ queryKey: moneyKeys.earnings, queryFn: () => apiJson<Earnings>('GET', '/api/workspace/earnings') });
}

export function statementUrl(month: string): string {
  return `/api/workspace/earnings/statement.csv?month=${encodeURIComponent(month)}`;
}

/** Starts (or resumes) Stripe's onboarding: the browser goes to Stripe's own page. */
export function useConnectStripe() {
  return useMutation({
    mutationFn: () => apiJson<{ url: string }>('POST', '/api/workspace/payouts/connect'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export function useRevenue(until: string) {
  return useQuery({ queryKey: moneyKeys.revenue(until), queryFn: () => apiJson<Revenue>('GET', `/api/admin/revenue?until=${encodeURIComponent(until)}`) });
}

export function usePayoutReport(period: string) {
  return useQuery({ queryKey: moneyKeys.payouts(period), queryFn: () => apiJson<PayoutReport>('GET', `/api/admin/payouts?period=${encodeURIComponent(period)}`) });
}

export function payoutCsvUrl(period: string): string {
  return `/api/admin/payouts.csv?period=${encodeURIComponent(period)}`;
}

export function useSettlePayout(period: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (expertId: number) => apiJson<{ amount: string }>('POST', '/api/admin/payouts', { expertId, period }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: moneyKeys.payouts(period) }),
  });
}
