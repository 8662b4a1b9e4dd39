import type Stripe from 'stripe';
import type { Config } from '../../config.js';

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
