import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Expert } from '../src/common/experts.js';
import type { Booking } from '../src/common/bookings.js';
import type { CallInfo } from '../src/common/video-call.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { FAKE_MEDIA, launchBrowser, newPage, signUpThroughUi, uniqueEmail } from './browser.js';
import { startAppServer, type AppServer } from './app-server.js';
import { startTurnServer, type TurnServer } from './turn-server.js';
import { bookVideo } from './book-through-api.js';
import { setTestClock } from './test-clock.js';
import { setPasswordOf, signInThroughUi } from './accounts.js';

/**
 * A call between two networks that cannot reach each other, as on a mobile carrier: both browsers may only
 * use relayed addresses (iceTransportPolicy 'relay'), so the call connects only through the TURN server, a
 * real coturn, with the credentials the call endpoint minted for this booking (docs/PRODUCT.md#video-calls).
 */

const EXPERT_PASSWORD = 'relay-room-pass-42';

let browser: Browser;
let turn: TurnServer;
let server: AppServer;
const contexts: BrowserContext[] = [];
let owner: Page;
let expert: Page;
let booking: Booking;

declare global {
  interface Window {
    /** Every peer connection the page made, through the wrapper of relayOnly. */
    __kbPeerConnections?: RTCPeerConnection[];
  }
}

/** Runs in the page before its own scripts: every peer connection it makes uses relayed candidates only. */
function relayOnly() {
  const Native = window.RTCPeerConnection;
  const made: RTCPeerConnection[] = (window.__kbPeerConnections = []);
  class RelayOnly extends Native {
    constructor(configuration: RTCConfiguration = {}) {
      super({ ...configuration, iceTransportPolicy: 'relay' });
      made.push(this);
    }
    override setConfiguration(configuration: RTCConfiguration = {}) {
      super.setConfiguration({ ...configuration, iceTransportPolicy: 'relay' });
    }
  }
  window.RTCPeerConnection = RelayOnly;
}

async function party(): Promise<Page> {
  const { context, page } = await newPage(browser, undefined, server.baseUrl);
  contexts.push(context);
  await page.addInitScript(relayOnly);
  return page;
}

/** The candidate types of the pair the call's connection selected, and of every candidate this side gathered. */
function selectedPair(page: Page) {
  return page.evaluate(async () => {
    const pc = window.__kbCall?.peerConnection;
    if (!pc) return null;
    const reports = new Map<string, Record<string, unknown>>();
    (await pc.getStats()).forEach((report: Record<string, unknown>) => reports.set(report.id as string, report));
    const transport = [...reports.values()].find((report) => report.type === 'transport' && report.selectedCandidatePairId);
    const pair = transport && reports.get(transport.selectedCandidatePairId as string);
    return {
      state: pair?.state,
      local: pair && reports.get(pair.localCandidateId as string)?.candidateType,
      remote: pair && reports.get(pair.remoteCandidateId as string)?.candidateType,
      gathered: [...reports.values()].filter((report) => report.type === 'local-candidate').map((report) => report.candidateType),
      policy: pc.getConfiguration().iceTransportPolicy,
      wrapped: window.__kbPeerConnections?.includes(pc),
    };
  });
}

async function remoteVideoPlays(page: Page) {
  try {
    await page.waitForFunction(() => ((document.querySelector('video[data-remote]') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0, null, { timeout: 30_000 });
  } catch (error) {
    const pc = await page.evaluate(() => window.__kbCall?.peerConnection && { ice: window.__kbCall.peerConnection.iceConnectionState, connection: window.__kbCall.peerConnection.connectionState }).catch(() => 'page gone');
    throw new Error(`no remote video: ${JSON.stringify(pc)}\ncoturn:\n${turn.log().slice(-3000)}`, { cause: error });
  }
}

beforeAll(async () => {
  turn = await startTurnServer();
  server = await startAppServer('relay', { TEST_CLOCK: 'true', TURN_URLS: turn.url, TURN_SECRET: turn.secret });
  browser = await launchBrowser(FAKE_MEDIA);

  const experts = (await (await fetch(`${server.baseUrl}/api/experts?serviceType=video&available=true&sort=name&limit=100`)).json()) as Expert[];
  const chosen = experts[0]!;
  setPasswordOf(demoEmailOf(chosen.name), EXPERT_PASSWORD, server);

  owner = await party();
  await owner.goto('/login');
  await signUpThroughUi(owner, { firstName: 'Rhea', lastName: 'Mariner', email: uniqueEmail('rhea'), password: 'harbor-pass-42' }, server.mailDir);
  await owner.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
  booking = await bookVideo(owner, chosen, 'Bilge pump runs but does not clear water', 3);
  expert = await party();
  await signInThroughUi(expert, demoEmailOf(chosen.name), EXPERT_PASSWORD);
  if (booking.status === 'requested') {
    const status = await expert.evaluate(
      async (id) => (await fetch(`/api/bookings/${id}/confirm`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status,
      booking.id,
    );
    expect(status).toBe(200);
  }
  await setTestClock(new Date(new Date(booking.startsAt).getTime() - 2 * 60_000), server.baseUrl);
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser?.close();
  await server?.stop();
  await turn?.stop();
});

describe('a video call through the TURN relay', () => {
  it('without a TURN server, a connection that may only relay has no address to offer at all', async () => {
    const gathered = await owner.evaluate(async () => {
      const pc = new RTCPeerConnection({ iceServers: [] });
      const candidates: string[] = [];
      pc.onicecandidate = ({ candidate }) => candidate && candidates.push(candidate.candidate);
      pc.createDataChannel('probe');
      const complete = new Promise<void>((resolve) => (pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && resolve()));
      await pc.setLocalDescription();
      await complete;
      pc.close();
      return candidates;
    });
    expect(gathered).toEqual([]);
  });

  it('connects owner and expert when each may only use relayed addresses, over the pair of relay candidates', async () => {
    const info = (await owner.evaluate(async (id) => (await fetch(`/api/bookings/${id}/call`, { credentials: 'include' })).json(), booking.id)) as CallInfo;
    expect(info.joinState).toBe('open');
    expect(info.iceServers).toEqual([{ urls: [turn.url], username: expect.stringMatching(new RegExp(`^\\d+:${booking.id}$`)), credential: expect.any(String) }]);

    await owner.goto(`/consultation?booking=${booking.id}`);
    await expert.goto(`/consultation?booking=${booking.id}`);
    await owner.getByRole('button', { name: 'Join call' }).click();
    await owner.getByText('Waiting for').waitFor();
    await expert.getByRole('button', { name: 'Join call' }).click();
    await remoteVideoPlays(owner);
    await remoteVideoPlays(expert);

    for (const page of [owner, expert]) {
      const pair = await selectedPair(page);
      expect(pair).toMatchObject({ state: 'succeeded', local: 'relay', remote: 'relay', policy: 'relay', wrapped: true });
      expect(new Set(pair!.gathered)).toEqual(new Set(['relay']));
    }
    // coturn took the credentials minted for this booking: it allocated relay addresses under their username.
    expect(turn.log()).toMatch(new RegExp(`user <\\d+:${booking.id}>: incoming packet ALLOCATE processed, success`));
  });
});
