import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from '../../core/service-context.js';
import type { TextSender } from './text-sender.js';

/** What the text-message services are given, built once in app.ts. */
export interface SmsDeps extends Pick<ServiceContext, 'db' | 'jobs' | 'now' | 'baseUrl'> {
  sender: TextSender;
  /** Keys the codes' HMACs: a stolen table alone does not give the 6 digits away by trying all million. */
  codeSecret: string;
  /** Checks the signature of Twilio's webhook; unset without Twilio, when the webhook answers 404. */
  authToken: string | undefined;
  log: FastifyBaseLogger;
}
