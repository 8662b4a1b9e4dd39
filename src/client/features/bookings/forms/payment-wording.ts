import { PAY_AFTER_SERVICE } from '../payment-text';
import { useClientConfig } from '../api';

/** How the customer pays: always after the service, by card online when Stripe is configured, else in person. */
export function usePaymentWording(): { paysOnline: boolean; text: string; firstStep: string } {
  const config = useClientConfig();
  const paysOnline = config.data?.payments.provider === 'stripe';
  return { paysOnline, text: paysOnline ? `${PAY_AFTER_SERVICE}, by card or in person` : PAY_AFTER_SERVICE, firstStep: 'Book' };
}
