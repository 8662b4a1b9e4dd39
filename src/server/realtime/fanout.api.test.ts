import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPeerApp, createTestApp, type TestApp } from '../test/test-app.js';
import { inTransaction } from '../db/transaction.js';

let server: TestApp;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

function collect(testApp: TestApp, topic: string) {
  const received: unknown[] = [];
  const stop = testApp.app.fanout.subscribe(topic, (message) => received.push(message));
  return { received, stop };
}

describe('live fan-out', () => {
  it('delivers small and large messages to the topic, in the order they were published', async () => {
    const { received, stop } = collect(server, 'room:a');
    const other = collect(server, 'room:b');
    const large = { type: 'offer', sdp: 'v=0\r\n'.repeat(4_000) };
    await server.app.fanout.publish(server.app.db, 'room:a', { n: 1 });
    await server.app.fanout.publish(server.app.db, 'room:a', large);
    await server.app.fanout.publish(server.app.db, 'room:a', { n: 3 });
    await expect.poll(() => received.length).toBe(3);
    expect(received).toEqual([{ n: 1 }, large, { n: 3 }]);
    expect(other.received).toEqual([]);
    stop();
    other.stop();
  });

  it('delivers what a transaction published only when it commits', async () => {
    const { received, stop } = collect(server, 'room:tx');
    await expect(
      inTransaction(server.app.db, async (tx) => {
        await server.app.fanout.publish(tx, 'room:tx', { n: 'rolled back' });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await inTransaction(server.app.db, (tx) => server.app.fanout.publish(tx, 'room:tx', { n: 'committed' }));
    await expect.poll(() => received).toEqual([{ n: 'committed' }]);
    stop();
  });

  it('stops delivering once unsubscribed', async () => {
    const { received, stop } = collect(server, 'room:gone');
    stop();
    const witness = collect(server, 'room:witness');
    await server.app.fanout.publish(server.app.db, 'room:gone', { n: 1 });
    await server.app.fanout.publish(server.app.db, 'room:witness', { n: 2 });
    await expect.poll(() => witness.received.length).toBe(1);
    expect(received).toEqual([]);
    witness.stop();
  });

  // Only PostgreSQL has other app servers (PGlite is one process); not a skipped test on PGlite, no test.
  if (process.env.TEST_DB === 'postgres') it('reaches a subscriber on another app server of the same database', async () => {
    const peer = await createPeerApp(server);
    try {
      const { received, stop } = collect(peer, 'room:across');
      const large = { sdp: 'a=candidate\r\n'.repeat(1_000) };
      await server.app.fanout.publish(server.app.db, 'room:across', { n: 1 });
      await server.app.fanout.publish(server.app.db, 'room:across', large);
      await expect.poll(() => received.length).toBe(2);
      expect(received).toEqual([{ n: 1 }, large]);
      stop();
    } finally {
      await peer.close();
    }
  });
});
