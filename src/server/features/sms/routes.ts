import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../common/api-error.js';
import { sendCodeSchema, smsSettingsSchema, verifyCodeSchema } from '../../../common/sms.js';
import { requireUser } from '../../auth/guards.js';
import type { SmsDeps } from './sms-deps.js';
import { removeNumber, sendCode, smsSettings, verifyCode } from './number-verification.js';
import { receiveText } from './inbound-text.js';

export const smsRoutes: FastifyPluginAsyncZod<{ deps: SmsDeps }> = async (app, { deps }) => {
  app.get(
    '/api/sms/number',
    {
      schema: {
        tags: ['sms'],
        summary: "The signed-in user's mobile number for texts: verified, stopped by STOP, or a code waiting",
        response: { 200: smsSettingsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return smsSettings(deps.db, user.id, deps.now());
    },
  );

  app.post(
    '/api/sms/number/code',
    {
      schema: {
        tags: ['sms'],
        summary: 'Texts a 6-digit code to the number, to prove the caller holds it',
        description:
          'A US number as people type it or +country; the code works 10 minutes and 5 tries, and a newer one replaces it. ' +
          '409: the number replied STOP. 429: 3 codes in the last hour for the account or the number.',
        body: sendCodeSchema,
        response: { 200: smsSettingsSchema, 400: apiErrorSchema, 401: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return sendCode(deps, user.id, request.body.number);
    },
  );

  app.post(
    '/api/sms/number/verify',
    {
      schema: {
        tags: ['sms'],
        summary: 'Enters the code: the number becomes the one texts go to',
        description: '400: no code asked for, or a wrong one (the tries left said); 410: the code expired or had its 5 wrong tries.',
        body: verifyCodeSchema,
        response: { 200: smsSettingsSchema, 400: apiErrorSchema, 401: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return verifyCode(deps, user.id, request.body.code);
    },
  );

  app.delete(
    '/api/sms/number',
    {
      schema: {
        tags: ['sms'],
        summary: "Removes the signed-in user's mobile number: no more texts",
        response: { 200: smsSettingsSchema, 401: apiErrorSchema },
      },
    },
    async (request) => {
      const user = await requireUser(request);
      return removeNumber(deps, user.id);
    },
  );

  // Twilio posts a form, signed over its fields: this route alone reads form bodies.
  await app.register(async (webhook) => {
    webhook.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    webhook.post(
      '/api/sms/inbound',
      {
        schema: {
          tags: ['sms'],
          summary: "Twilio's webhook for texts sent to our number: STOP, START, HELP",
          description:
            'Needs no session: the X-Twilio-Signature over the public address and the form is the proof (403 without it). ' +
            'Answers TwiML. 404 when Twilio is not configured.',
          body: z.record(z.string(), z.string()),
          response: { 200: z.string(), 400: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const signature = request.headers['x-twilio-signature'];
        const twiml = await receiveText(deps, {
          url: `${deps.baseUrl}${request.url}`,
          signature: typeof signature === 'string' ? signature : undefined,
          params: request.body as Record<string, string>,
        });
        return reply.type('text/xml; charset=utf-8').send(twiml);
      },
    );
  });
};
