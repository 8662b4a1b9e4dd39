import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerErrorHandling } from '../http/errors.js';
import { AppError } from '../core/app-error.js';
import type { CurrentUser } from '../../common/user.js';
import { CLOSE, liveRoute, registerLiveSockets } from './live-socket.js';
import type { LiveSessionSource } from './live-sessions.js';
import { connectLive, refusedUpgrade, nextMessage, closed } from '../test/live-client.js';

const ORIGIN = 'http://localhost:3000';
const users: Record<string, CurrentUser> = {
  owner: { id: 'owner', role: 'user' } as Partial<CurrentUser> as CurrentUser,
  stranger: { id: 'stranger', role: 'user' } as Partial<CurrentUser> as CurrentUser,
};
const Echo = z.object({ type: z.literal('echo'), text: z.string().max(100, 'Text is too long.') });

let app: FastifyInstance;
let base = '';
const closedSessions: string[] = [];

/**
 * Sessions held here in place of the database: the user comes from a header (x-user), the session id from
 * another (x-session); the app's source reads both from the session cookie and the database.
 */
const sessionUsers = new Map<string, CurrentUser>();
const watchers = new Map<string, Set<() => void>>();
const closedRooms = new Set<string>();
const sessions: LiveSessionSource = {
  signedIn: async (request) => {
    const user = users[String(request.headers['x-user'])];
    const sessionId = String(request.headers['x-session'] ?? `${String(request.headers['x-user'])}-session`);
    if (!user) return null;
    sessionUsers.set(sessionId, user);
    return { user, sessionId };
  },
  userOf: async (sessionId) => sessionUsers.get(sessionId) ?? null,
  watch: (userId, changed) => {
    const set = watchers.get(userId) ?? new Set();
    watchers.set(userId, set.add(changed));
    return () => set.delete(changed);
  },
};
/** As the database would announce it: the person's sessions or account changed. */
const announce = (userId: string) => [...(watchers.get(userId) ?? [])].forEach((changed) => changed());

beforeAll(async () => {
  app = Fastify();
  registerErrorHandling(app);
  await registerLiveSockets(app, { allowedOrigin: ORIGIN, heartbeatMs: 100, sessions });
  liveRoute(app, {
    url: '/live/rooms/:room',
    params: z.object({ room: z.string().regex(/^[a-z]+$/) }),
    admit: async (user, { room }) => {
      if (room === 'missing' || closedRooms.has(room)) throw new AppError('NOT_FOUND', 'Room not found.');
      if (user.id !== 'owner') throw new AppError('FORBIDDEN', 'Not your room.');
      return { room };
    },
    incoming: Echo,
    maxMessageBytes: 512,
    rate: { perSecond: 1, burst: 5 },
    open: (connection, { room }, user) => {
      connection.send({ type: 'welcome', room, user: user.id });
      return {
        message: (message) => {
          if (message.text === 'boom') throw new Error('handler bug');
          if (message.text === 'leave') throw new AppError('FORBIDDEN', 'The room closed.');
          connection.send({ type: 'echo', text: message.text });
        },
        closed: () => closedSessions.push(room),
      };
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  base = `ws://127.0.0.1:${port}`;
});
afterAll(() => app.close());

describe('live sockets', () => {
  it('refuses the upgrade before the socket opens: wrong or missing origin 403, signed out 401, the route refusing 403/404', async () => {
    expect(await refusedUpgrade(`${base}/live/rooms/abc`, { origin: 'https://evil.example', 'x-user': 'owner' })).toEqual({ status: 403, message: 'Cross-origin request refused.' });
    expect((await refusedUpgrade(`${base}/live/rooms/abc`, { 'x-user': 'owner' })).status).toBe(403);
    expect((await refusedUpgrade(`${base}/live/rooms/abc`, { origin: ORIGIN })).status).toBe(401);
    expect(await refusedUpgrade(`${base}/live/rooms/abc`, { origin: ORIGIN, 'x-user': 'stranger' })).toEqual({ status: 403, message: 'Not your room.' });
    expect(await refusedUpgrade(`${base}/live/rooms/missing`, { origin: ORIGIN, 'x-user': 'owner' })).toEqual({ status: 404, message: 'Room not found.' });
    expect((await refusedUpgrade(`${base}/live/rooms/NOT-VALID`, { origin: ORIGIN, 'x-user': 'owner' })).status).toBe(404);
  });

  it('admits the right user and answers valid messages; bad JSON and bad shapes get an error message and the socket stays', async () => {
    const socket = await connectLive(`${base}/live/rooms/abc`, { origin: ORIGIN, 'x-user': 'owner' });
    expect(await nextMessage(socket)).toEqual({ type: 'welcome', room: 'abc', user: 'owner' });
    socket.send('not json');
    expect(await nextMessage(socket)).toEqual({ type: 'error', message: 'Messages must be JSON.' });
    socket.send(JSON.stringify({ type: 'echo', text: 'x'.repeat(101) }));
    expect(await nextMessage(socket)).toEqual({ type: 'error', message: 'Text is too long.' });
    socket.send(JSON.stringify({ type: 'echo', text: 'hello' }));
    expect(await nextMessage(socket)).toEqual({ type: 'echo', text: 'hello' });
    socket.close();
    await closed(socket);
  });

  it('closes on a frame over the route limit (1009) and on a binary frame', async () => {
    const big = await connectLive(`${base}/live/rooms/abc`, { origin: ORIGIN, 'x-user': 'owner' });
    await nextMessage(big);
    big.send(JSON.stringify({ type: 'echo', text: 'y'.repeat(600) }));
    expect((await closed(big)).code).toBe(CLOSE.tooBig);
    const binary = await connectLive(`${base}/live/rooms/abc`, { origin: ORIGIN, 'x-user': 'owner' });
    await nextMessage(binary);
    binary.send(Buffer.from([1, 2, 3]));
    expect((await closed(binary)).code).toBe(CLOSE.tooBig);
  });

  it('answers a burst over the rate with an error and drops those messages', async () => {
    const socket = await connectLive(`${base}/live/rooms/abc`, { origin: ORIGIN, 'x-user': 'owner' });
    await nextMessage(socket);
    const received: unknown[] = [];
    socket.on('message', (data) => received.push(JSON.parse(String(data))));
    for (let i = 0; i < 8; i++) socket.send(JSON.stringify({ type: 'echo', text: `m${i}` }));
    await expect.poll(() => received.length).toBe(8);
    const echoes = received.filter((m) => (m as { type: string }).type === 'echo');
    const refusals = received.filter((m) => (m as { message?: string }).message === 'Too many messages. Please slow down.');
    // A burst of 5, and maybe one refilled while the frames were in flight.
    expect(echoes.length).toBeGreaterThanOrEqual(5);
    expect(echoes.length).toBeLessThanOrEqual(6);
    expect(echoes.length + refusals.length).toBe(8);
    socket.close();
  });

  it('turns a handler failure into an error message and a 1013 close, and a lost admission into 4403', async () => {
    const failing = await connectLive(`${base}/live/rooms/abc`, { origin: ORIGIN, 'x-user': 'owner' });
    await nextMessage(failing);
    failing.send(JSON.stringify({ type: 'echo', text: 'boom' }));
    expect(await nextMessage(failing)).toEqual({ type: 'error', message: 'Something went wrong on our side. Please try again.' });
    expect((await closed(failing)).code).toBe(CLOSE.unavailable);
    const leaving = await connectLive(`${base}/live/rooms/abc`, { origin: ORIGIN, 'x-user': 'owner' });
    await nextMessage(leaving);
    leaving.send(JSON.stringify({ type: 'echo', text: 'leave' }));
    expect(await nextMessage(leaving)).toEqual({ type: 'error', message: 'The room closed.' });
    expect(await closed(leaving)).toEqual({ code: CLOSE.noLongerAdmitted, reason: 'The room closed.' });
  });

  it('drops a connection that stops answering pings, and tells the route it closed', async () => {
    const socket = await connectLive(`${base}/live/rooms/silent`, { origin: ORIGIN, 'x-user': 'owner' }, { autoPong: false });
    await nextMessage(socket);
    expect((await closed(socket)).code).toBe(1006);
    await expect.poll(() => closedSessions).toContain('silent');
  });

  it("closes with 4401 once its session has ended, when told the account changed, and leaves the same person's other sessions open", async () => {
    const phone = await connectLive(`${base}/live/rooms/abc`, { origin: ORIGIN, 'x-user': 'owner', 'x-session': 'phone' });
    await nextMessage(phone);
    const laptop = await connectLive(`${base}/live/rooms/abc`, { origin: ORIGIN, 'x-user': 'owner', 'x-session': 'laptop' });
    await nextMessage(laptop);
    sessionUsers.delete('phone');
    announce('owner');
    expect(await closed(phone)).toEqual({ code: CLOSE.sessionEnded, reason: 'Your session has ended. Please sign in again.' });
    laptop.send(JSON.stringify({ type: 'echo', text: 'still here' }));
    expect(await nextMessage(laptop)).toEqual({ type: 'echo', text: 'still here' });
    laptop.close();
    await closed(laptop);
  });

  it('checks the session and the admission again at each heartbeat: an ended session closes with 4401, a lost admission with 4403', async () => {
    const ended = await connectLive(`${base}/live/rooms/abc`, { origin: ORIGIN, 'x-user': 'owner', 'x-session': 'unannounced' });
    await nextMessage(ended);
    // Nobody announces it (a session that expired, a notification lost): the heartbeat finds it.
    sessionUsers.delete('unannounced');
    expect((await closed(ended)).code).toBe(CLOSE.sessionEnded);
    const removed = await connectLive(`${base}/live/rooms/closing`, { origin: ORIGIN, 'x-user': 'owner' });
    await nextMessage(removed);
    closedRooms.add('closing');
    expect(await closed(removed)).toEqual({ code: CLOSE.noLongerAdmitted, reason: 'Room not found.' });
  });
});
