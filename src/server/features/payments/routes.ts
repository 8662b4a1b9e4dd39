import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../core/app-error.js';
import { ROLES } from '../../../common/roles.js';
import { z } from 'zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { clientConfigSchema, createPaymentIntentSchema, paymentIntentSchema } from '../../../common/bookings.js';
import { requireRole, requireUser, roleGuard } from '../../auth/guards.js';
import { KEEPS_SESSIONS } from '../../auth/session-cache-reset.js';
import type { ServiceContext } from '../../core/service-context.js';
import {
  disputeInvoiceSchema,
  invoiceSchema,
  recordInPersonSchema,
  refundInvoiceSchema,
  resolveDisputeSchema,
} from '../../../common/invoices.js';
import {
  earningsSchema,
  payoutQuerySchema,
  payoutReportSchema,
  revenueQuerySchema,
  revenueSchema,
  settlePayoutSchema,
  statementQuerySchema,
  monthOf,
} from '../../../common/earnings.js';
import { ownExpert } from '../workspace/index.js';
import type { Payments } from './payments.js';
import { invoiceService } from './invoice-service.js';
import { expertEarnings, payoutCsv, payoutReport, revenue, settlePayout, statementCsv } from './money-reports.js';
import { onboardingLink, refreshAccount } from './stripe-connect.js';

const idParams = z.object({ id: z.string() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };

export const paymentRoutes: FastifyPluginAsyncZod<{ payments: Payments; services: ServiceContext; feePercent: number }> = async (app, { payments, services, feePercent }) => {
  const invoices = invoiceService(services, { cardPayments: payments.enabled, stripe: payments.stripe });

  app.get(
    '/api/bookings/:id/invoice',
    {
      schema: {
        tags: ['payments'],
        summary: "A booking's final invoice (its two parties and administrators); null until the booking is completed",
        params: idParams,
        response: { 200: z.object({ invoice: invoiceSchema.nullable() }), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => ({ invoice: await invoices.read(await requireUser(request), request.params.id) }),
  );

  app.get(
    '/api/bookings/:id/invoice.pdf',
    {
      schema: {
        tags: ['payments'],
        summary: 'The invoice as a PDF: a receipt once it is paid',
        params: idParams,
        response: { 200: z.any().describe('The PDF (application/pdf)'), 401: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const { number, paid, pdf } = await invoices.pdf(await requireUser(request), request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${paid ? 'receipt' : 'invoice'}-${number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  // Signed-out callers are refused before the body is read; who may act is the booking's rule (404 for strangers).
  const signedIn = roleGuard(...ROLES);
  const schema = (summary: string) => ({ tags: ['payments'], summary, params: idParams, response: { 200: invoiceSchema, ...errors } });

  app.post(
    '/api/bookings/:id/invoice/paid-in-person',
    { config: KEEPS_SESSIONS, schema: { ...schema('The expert records that the owner paid them in person; the owner then confirms it'), body: recordInPersonSchema } },
    async (request) => invoices.recordInPerson(await requireUser(request), request.params.id, request.body.method),
  );
  app.post(
    '/api/bookings/:id/invoice/confirm-payment',
    { config: KEEPS_SESSIONS, schema: schema('The owner confirms the payment in person the expert recorded') },
    async (request) => invoices.confirmInPerson(await requireUser(request), request.params.id),
  );
  app.post(
    '/api/bookings/:id/invoice/dispute',
    { config: KEEPS_SESSIONS, schema: { ...schema('The owner disputes the invoice, within 7 days of its issue; payment waits'), body: disputeInvoiceSchema } },
    async (request) => invoices.dispute(await requireUser(request), request.params.id, request.body.reason),
  );
  app.post(
    '/api/bookings/:id/invoice/resolve',
    { config: KEEPS_SESSIONS, onRequest: signedIn, schema: { ...schema('An administrator resolves a dispute: keep, adjust (unpaid) or refund (paid)'), body: resolveDisputeSchema } },
    async (request) => invoices.resolve(await requireUser(request), request.params.id, request.body),
  );
  app.post(
    '/api/bookings/:id/invoice/refund',
    { config: KEEPS_SESSIONS, onRequest: signedIn, schema: { ...schema('An administrator refunds part or all of a paid invoice (by Stripe for a card payment)'), body: refundInvoiceSchema } },
    async (request) => invoices.refund(await requireUser(request), request.params.id, { amount: request.body.amount!, reason: request.body.reason }),
  );

  app.post(
    '/api/bookings/:id/invoice/refund-overpayment',
    { config: KEEPS_SESSIONS, onRequest: signedIn, schema: schema('An administrator gives back by card every overpayment the invoice holds, in one action') },
    async (request) => invoices.refundOverpayments(await requireUser(request), request.params.id),
  );

  app.get(
    '/api/admin/overpayments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Administrators: invoices holding card money beyond what they ask for, until it is refunded',
        response: { 200: z.array(invoiceSchema), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => invoices.overpaid(await requireRole(request, 'admin')),
  );

  app.get(
    '/api/admin/disputes',
    {
      schema: {
        tags: ['payments'],
        summary: 'Administrators: the disputed invoices, the oldest dispute first',
        response: { 200: z.array(invoiceSchema), 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => invoices.disputes(await requireRole(request, 'admin')),
  );

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

  const csv = (reply: FastifyReply, filename: string, body: string) =>
    reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${filename}"`).header('cache-control', 'private, no-store').send(body);

  app.get(
    '/api/workspace/earnings',
    {
      onRequest: roleGuard('expert'),
      schema: {
        tags: ['payments'],
        summary: "The expert's earnings: each invoice's gross, fee and net, the last twelve months, their payout setup",
        response: { 200: earningsSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      let expert = await ownExpert(app.db, user.id);
      if (payments.stripe) expert = await refreshAccount(app.db, payments.stripe, expert);
      return expertEarnings(app.db, expert, feePercent, payments.enabled, services.now());
    },
  );

  app.get(
    '/api/workspace/earnings/statement.csv',
    {
      onRequest: roleGuard('expert'),
      schema: {
        tags: ['payments'],
        summary: "The expert's statement of a month (the invoices paid in it), as CSV",
        querystring: statementQuerySchema,
        response: { 200: z.any().describe('text/csv'), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const expert = await ownExpert(app.db, (await requireUser(request)).id);
      return csv(reply, `kb-marine-statement-${request.query.month}.csv`, await statementCsv(app.db, expert.id, request.query.month));
    },
  );

  app.post(
    '/api/workspace/payouts/connect',
    {
      config: KEEPS_SESSIONS,
      onRequest: roleGuard('expert'),
      schema: {
        tags: ['payments'],
        summary: "Starts or resumes the expert's Stripe Connect onboarding: answers the address of Stripe's page",
        response: { 200: z.object({ url: z.string() }), 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 503: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      if (!payments.stripe) throw new AppError('NOT_FOUND', 'Card payments are not configured.');
      return onboardingLink(app.db, payments.stripe, await ownExpert(app.db, user.id), user.email, user.id, services.baseUrl);
    },
  );

  app.get(
    '/api/admin/payouts',
    {
      onRequest: roleGuard('admin'),
      schema: {
        tags: ['payments'],
        summary: 'Administrators: per expert, what the invoices paid in a month and settled by hand come to',
        querystring: payoutQuerySchema,
        response: { 200: payoutReportSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => payoutReport(app.db, request.query.period),
  );

  app.get(
    '/api/admin/payouts.csv',
    {
      onRequest: roleGuard('admin'),
      schema: {
        tags: ['payments'],
        summary: 'Administrators: the payout report of a month, as CSV',
        querystring: payoutQuerySchema,
        response: { 200: z.any().describe('text/csv'), 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => csv(reply, `kb-marine-payouts-${request.query.period}.csv`, payoutCsv(await payoutReport(app.db, request.query.period))),
  );

  app.post(
    '/api/admin/payouts',
    {
      config: KEEPS_SESSIONS,
      onRequest: roleGuard('admin'),
      schema: {
        tags: ['payments'],
        summary: "Administrators: marks an expert's month settled (audited)",
        body: settlePayoutSchema,
        response: {
          200: z.object({ id: z.uuid(), expertId: z.number().int(), period: z.string(), amount: z.string(), invoices: z.number().int(), paidAt: z.iso.datetime() }),
          400: apiErrorSchema,
          401: apiErrorSchema,
          403: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request) => settlePayout(app.db, await requireUser(request), request.body.expertId, request.body.period, request.body.note, services.now()),
  );

  app.get(
    '/api/admin/revenue',
    {
      onRequest: roleGuard('admin'),
      schema: {
        tags: ['payments'],
        summary: 'Administrators: bookings invoiced, gross, fees, refunds and disputes for the twelve months to `until`',
        querystring: revenueQuerySchema,
        response: { 200: revenueSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request) => revenue(app.db, request.query.until ?? monthOf(services.now())),
  );
};
