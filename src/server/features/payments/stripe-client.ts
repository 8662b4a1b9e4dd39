import type Stripe from 'stripe';
import type { Config } from '../../config.js';
import { AppError } from '../../core/app-error.js';
import { PAYMENT_UNAVAILABLE } from '../../../common/bookings.js';

/**
 * Stripe's client when all three keys are set; null means payments are off (pay after service). The SDK
 * is loaded only then: a server that never uses it spends no memory on it.
 */
export async function createStripeClient(config: Config): Promise<Stripe | null> {
  if (!config.STRIPE_SECRET_KEY) return null;
  const { default: Stripe } = await import('stripe');
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    telemetry: false,
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(base
      ? { host: base.hostname, port: Number(base.port || (base.protocol === 'https:' ? 443 : 80)), protocol: base.protocol.replace(':', '') as 'http' | 'https' }
      : {}),
  });
}

export function paymentUnavailable(): AppError {
  return new AppError('SERVICE_UNAVAILABLE', PAYMENT_UNAVAILABLE);
}

/** Stripe's own failures (network, outage, our keys) reach the customer as 'payment unavailable'. */
export async function callStripe<T>(stripe: Stripe, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof stripe.errors.StripeError) throw paymentUnavailable();
    throw error;
  }
}

export const PAYMENT_UNDER_WAY = 'A card payment of this invoice is under way: try again once Stripe has confirmed it.';

/**
 * Makes an intent the owner has not paid unpayable, before the invoice's amount or way of payment changes
 * (docs/PRODUCT.md#payments: one amount per invoice at a time). One already cancelled stays so; one being
 * paid or paid refuses the change with 409, and its webhook counts the payment.
 */
export async function cancelPaymentIntent(stripe: Stripe, intentId: string): Promise<void> {
  try {
    await stripe.paymentIntents.cancel(intentId);
  } catch (error) {
    if (!(error instanceof stripe.errors.StripeInvalidRequestError) || error.code !== 'payment_intent_unexpected_state') {
      if (error instanceof stripe.errors.StripeError) throw paymentUnavailable();
      throw error;
    }
    const intent = await callStripe(stripe, () => stripe.paymentIntents.retrieve(intentId));
    if (intent.status !== 'canceled') throw new AppError('CONFLICT', PAYMENT_UNDER_WAY);
  }
}
