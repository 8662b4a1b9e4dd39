import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { ShieldCheck } from 'lucide-react';
import type { Invoice } from '@common/invoices';
import { formatPrice } from '@common/experts-rules';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { FormAlert } from '../../components/ui/form-alert';
import { bookingKeys, useClientConfig, useCreatePaymentIntent } from '../bookings';
import { showToast } from '../../lib/toast';

const PAYMENT_INIT_FAILED = 'Failed to initialize payment. Please try again.';
const STRIPE_UNREACHABLE =
  "We could not reach our payment provider. Nothing was charged; you can try again from this page later.";

/**
 * Paying an invoice by card with Stripe's Payment Element. Stripe's script is fetched only here, so no
 * other screen talks to Stripe; without Stripe configured this is never shown.
 */
export function InvoicePayment({ invoice }: { invoice: Invoice }) {
  const config = useClientConfig();
  if (config.isPending) return <Spinner label="Loading payment options" className="py-4" />;
  const payments = config.data?.payments;
  if (!payments || payments.provider === 'none' || !payments.publishableKey) return null;
  return <StripePayment invoice={invoice} publishableKey={payments.publishableKey} />;
}

function PaymentReceived() {
  return (
    <FormAlert tone="success">
      <span className="font-semibold">Payment received.</span> Thank you. Your receipt is on its way by e-mail.
    </FormAlert>
  );
}

type StripeLoad = { state: 'loading' } | { state: 'ready'; stripe: Stripe } | { state: 'failed' };

/** Loads Stripe.js from Stripe's host on demand; the pure entry does not inject the script on import. */
function useStripeJs(publishableKey: string): StripeLoad {
  const [load, setLoad] = useState<StripeLoad>({ state: 'loading' });
  useEffect(() => {
    let active = true;
    import('@stripe/stripe-js/pure')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((stripe) => active && setLoad(stripe ? { state: 'ready', stripe } : { state: 'failed' }))
      // loadStripe rejects with 'Failed to load Stripe.js' when the script cannot be fetched.
      .catch(() => active && setLoad({ state: 'failed' }));
    return () => {
      active = false;
    };
  }, [publishableKey]);
  return load;
}

function StripePayment({ invoice, publishableKey }: { invoice: Invoice; publishableKey: string }) {
  const stripe = useStripeJs(publishableKey);
  const intent = useCreatePaymentIntent();
  const requested = useRef<string | null>(null);
  const { mutate } = intent;

  const requestIntent = () => {
    mutate(
      { bookingId: invoice.bookingId },
      { onError: () => showToast({ title: 'Error', description: PAYMENT_INIT_FAILED, variant: 'destructive' }) },
    );
  };

  // One intent per invoice amount shown, also under StrictMode's double effects.
  const shown = `${invoice.id}:${invoice.total}`;
  useEffect(() => {
    if (requested.current === shown) return;
    requested.current = shown;
    requestIntent();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- requested once per invoice and amount
  }, [shown]);

  if (stripe.state === 'failed') return <FormAlert>{STRIPE_UNREACHABLE}</FormAlert>;
  if (intent.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <FormAlert>{PAYMENT_INIT_FAILED}</FormAlert>
        <Button type="button" variant="outline" onClick={requestIntent}>
          Try again
        </Button>
      </div>
    );
  }
  if (stripe.state === 'loading' || !intent.data) return <Spinner label="Preparing secure payment" className="py-4" />;
  return (
    <Elements
      stripe={stripe.stripe}
      options={{ clientSecret: intent.data.clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#123f61' } } }}
    >
      <StripePaymentForm invoice={invoice} />
    </Elements>
  );
}

function StripePaymentForm({ invoice }: { invoice: Invoice }) {
  const stripe = useStripe();
  const elements = useElements();
  const queryClient = useQueryClient();
  const [paying, setPaying] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    setFailure(null);
    const result = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/bookings/${invoice.bookingId}` },
    });
    setPaying(false);
    if (result.error) {
      setFailure(result.error.message ?? 'Failed to process payment');
      return;
    }
    setPaid(true);
    // The webhook marks the booking paid; read it again so every screen shows it.
    void queryClient.invalidateQueries({ queryKey: bookingKeys.all });
  }

  if (paid) return <PaymentReceived />;
  return (
    <form onSubmit={pay} className="flex flex-col gap-4">
      <PaymentElement />
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      <Button type="submit" disabled={!stripe || !elements || paying}>
        {paying ? 'Processing...' : `Pay ${formatPrice(invoice.total)}`}
      </Button>
      <p className="flex items-center gap-1.5 text-xs text-slate-600">
        <ShieldCheck aria-hidden className="size-3.5 text-green-700" /> Card details go straight to Stripe; we never see them.
      </p>
    </form>
  );
}
