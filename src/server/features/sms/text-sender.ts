import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';

/** Twilio's API host, which `TWILIO_API_BASE` replaces in tests. */
const TWILIO_API = 'https://api.twilio.com';

export interface TextSender {
  /** Whether texts really leave (Twilio configured) or go to the log. */
  readonly live: boolean;
  /**
   * Sends one text. Throws on what a later try may cure (429, 5xx, no connection), so its job is retried;
   * answers 'refused' when Twilio will never take it (a number it rejects, one that replied STOP to it).
   */
  send(to: string, body: string): Promise<'sent' | 'refused'>;
}

/**
 * The `twilio` client's own HTTP client, with Twilio's address swapped for the test peer's: the request
 * (form body, Basic auth, paths) stays exactly what the library sends to Twilio.
 */
class PeerRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super();
  }
  override request<TData>(options: RequestClient.RequestOptions<TData>) {
    const uri = options.uri.startsWith(TWILIO_API) ? `${this.base}${options.uri.slice(TWILIO_API.length)}` : options.uri;
    return super.request<TData>({ ...options, uri });
  }
}

/** Twilio's answer a retry may change: rate limited or its own failure. */
function retryable(error: unknown): boolean {
  const status = (error as { status?: unknown }).status;
  return typeof status !== 'number' || status === 429 || status >= 500;
}

/**
 * Texts through Twilio when `TWILIO_ACCOUNT_SID` is set (from `TWILIO_FROM` or a messaging service);
 * otherwise each text is written to the log, as e-mails are without SMTP.
 */
export function createTextSender(config: Config, log: FastifyBaseLogger): TextSender {
  const { TWILIO_ACCOUNT_SID: sid, TWILIO_AUTH_TOKEN: token } = config;
  if (!sid || !token) {
    return {
      live: false,
      async send(to, body) {
        log.info({ sms: { to } }, `Text (no TWILIO_ACCOUNT_SID set):\n${body}`);
        return 'sent';
      },
    };
  }
  const client = twilio(sid, token, config.TWILIO_API_BASE ? { httpClient: new PeerRequestClient(config.TWILIO_API_BASE.replace(/\/+$/, '')) } : {});
  const sender = config.TWILIO_MESSAGING_SERVICE_SID ? { messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID } : { from: config.TWILIO_FROM! };
  return {
    live: true,
    async send(to, body) {
      try {
        const message = await client.messages.create({ to, body, ...sender });
        log.info({ sms: { sid: message.sid, status: message.status } }, 'text sent');
        return 'sent';
      } catch (error) {
        if (retryable(error)) throw error;
        const { status, code, message } = error as { status: number; code?: number; message: string };
        log.warn({ sms: { status, code } }, `text refused by Twilio: ${message}`);
        return 'refused';
      }
    },
  };
}
