import { startAppServer } from './app-server.js';
import { startFakeTwilioServer, type FakeTwilioServer } from '../src/server/test/fake-twilio-server.js';

/**
 * An app server configured for texts, for the journeys of the mobile number: the real server process on its
 * own embedded database, texting through the tests' server on 127.0.0.1 that speaks Twilio's API.
 */
export interface TwilioAppServer {
  baseUrl: string;
  /** Where its e-mails land (mail-drop.ts): a new account's code among them. */
  mailDir: string;
  /** The Twilio API the server talks to: the texts it took. */
  twilio: FakeTwilioServer;
  stop(): Promise<void>;
}

export async function startTwilioAppServer(): Promise<TwilioAppServer> {
  const twilio = await startFakeTwilioServer();
  const server = await startAppServer('twilio', {
    SEED_DEMO: 'false',
    TWILIO_ACCOUNT_SID: twilio.accountSid,
    TWILIO_AUTH_TOKEN: twilio.authToken,
    TWILIO_FROM: '+14105550199',
    TWILIO_API_BASE: twilio.baseUrl,
  });

  return {
    baseUrl: server.baseUrl,
    mailDir: server.mailDir,
    twilio,
    async stop() {
      await server.stop();
      await twilio.close();
    },
  };
}
