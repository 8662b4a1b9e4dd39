import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { clientConfigSchema, createPaymentIntentSchema, paymentIntentSchema } from '../../../common/bookings.js';
import { requireUser } from '../../auth/guards.js';
import type { Payments } from './payments.js';

export const paymentRoutes: FastifyPluginAsyncZod<{ payments: Payments }> = async (app, { payments }) => {
  app.get(
    '/api/config',
    {
      schema: {
        tags: ['payments'],
        summary: 'What the server has switched on, so no screen guesses',
        response: { 200: clientConfigSchema },
      },
    },
    async () => ({
      payments: { provider: payments.enabled ? ('stripe' as const) : ('none' as const), publishableKey: payments.publishableKey },
    }),
  );

  app.post(
    '/api/create-payment-intent',
    {
      schema: {
        tags: ['payments'],
        summary: "A Stripe PaymentIntent for one of the caller's bookings, for the amount the server computed",
        description: 'The amount a client sends is ignored. Without Stripe configured: 503.',
        body: createPaymentIntentSchema,
        response: {
          200: paymentIntentSchema,
          400: apiErrorSchema,
          401: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          503: apiErrorSchema,
        },
      },
    },
    async (request) => payments.createPaymentIntent(await requireUser(request), request.body),
  );

  // Stripe signs the exact bytes it sent: this route alone reads its body raw.
  await app.register(async (webhook) => {
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    webhook.post(
      '/api/stripe/webhook',
      {
        schema: {
          tags: ['payments'],
          summary: "Stripe's events; the signature is verified on the raw body",
          response: { 200: z.object({ received: z.literal(true) }), 400: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        await payments.handleWebhook(request.body as Buffer, typeof signature === 'string' ? signature : undefined);
        return { received: true as const };
      },
    );
  });
};
