import { startAppServer } from './app-server.js';
import { startFakePushService, type FakePushService } from '../src/server/test/fake-push-service.js';

/**
 * An app server that may push to the tests' push service on 127.0.0.1 (ALLOW_PRIVATE_PUSH_ENDPOINTS), for
 * the installable-app journey: the real server process on its own embedded database with the demo experts,
 * and a push service that checks its VAPID signature and decrypts what it sends.
 */
export interface PushAppServer {
  baseUrl: string;
  dataDir: string;
  mailDir: string;
  push: FakePushService;
  stop(): Promise<void>;
}

export async function startPushAppServer(): Promise<PushAppServer> {
  const server = await startAppServer('push', { ALLOW_PRIVATE_PUSH_ENDPOINTS: 'true' });
  // The server made its VAPID keys on its first start: the push service checks signatures against its key.
  const { publicKey } = (await (await fetch(`${server.baseUrl}/api/push/public-key`)).json()) as { publicKey: string };
  const push = await startFakePushService(publicKey);

  return {
    baseUrl: server.baseUrl,
    dataDir: server.dataDir,
    mailDir: server.mailDir,
    push,
    async stop() {
      await server.stop();
      await push.close();
    },
  };
}
