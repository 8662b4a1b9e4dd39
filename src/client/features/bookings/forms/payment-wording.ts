import { PAY_AFTER_SERVICE } from '../payment-text';
import { useClientConfig } from '../api';

/** How the customer pays, as the server is configured: after the service, or by card once booked. */
export function usePaymentWording(): { paysOnline: boolean; text: string; firstStep: string } {
  const config = useClientConfig();
  const paysOnline = config.data?.payments.provider === 'stripe';
  return paysOnline
    ? { paysOnline, text: 'Pay securely by card once your booking is made', firstStep: 'Book and pay' }
    : { paysOnline, text: PAY_AFTER_SERVICE, firstStep: 'Book' };
}
