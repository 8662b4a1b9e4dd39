import { PAY_AFTER_SERVICE } from '../bookings/booking-payment';
import { useClientConfig } from '../../lib/api/bookings';

/** How the customer pays, as the server is configured: after the service, or by card once booked. */
export function usePaymentWording(): string {
  const config = useClientConfig();
  return config.data?.payments.provider === 'stripe' ? 'Pay securely by card once your booking is made' : PAY_AFTER_SERVICE;
}
