import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Expert } from '../src/common/experts.js';
import type { Booking } from '../src/common/bookings.js';
import { joinRefusalMessage } from '../src/common/video-call.js';
import { demoEmailOf } from '../src/server/seed/demo-accounts.js';
import { DESKTOP, FAKE_MEDIA, MOBILE, baseUrl, expectAccessible, launchBrowser, newPage, signUpThroughUi, snap, uniqueEmail } from './browser.js';
import { bookVideo } from './book-through-api.js';
import { setTestClock } from './test-clock.js';
import { setPasswordOf, signInThroughUi } from './accounts.js';

const MINUTE = 60_000;
const EXPERT_PASSWORD = 'video-room-pass-42';

let browser: Browser;
const contexts: BrowserContext[] = [];
let owner: Page;
let expert: Page;
let booking: Booking;


async function visitor(viewport = DESKTOP) {
  const opened = await newPage(browser, viewport);
  contexts.push(opened.context);
  return opened.page;
}

async function signUpOwner(page: Page, firstName: string) {
  await page.goto('/login');
  await signUpThroughUi(page, { firstName, lastName: 'Mariner', email: uniqueEmail(firstName.toLowerCase()), password: 'harbor-pass-42' });
  await page.getByRole('heading', { name: /^Welcome (back )?to K&B Marine$/ }).waitFor();
}


const at = (iso: string, offsetMs: number) => setTestClock(new Date(new Date(iso).getTime() + offsetMs));

/** What a call's peer connection says of itself, for a failure's message. */
function callState(page: Page) {
  return page.evaluate(() => {
    const pc = window.__kbCall?.peerConnection;
    const video = document.querySelector('video[data-remote]') as HTMLVideoElement | null;
    return {
      phase: window.__kbCall?.state.phase,
      signaling: pc?.signalingState,
      connection: pc?.connectionState,
      ice: pc?.iceConnectionState,
      local: pc?.localDescription?.type,
      remote: pc?.remoteDescription?.type,
      receivers: pc?.getReceivers().map((r) => `${r.track.kind}:${r.track.readyState}:${r.track.muted ? 'muted' : 'live'}`),
      videoElement: video ? { width: video.videoWidth, hasStream: !!video.srcObject } : null,
    };
  });
}

async function remoteVideoPlays(page: Page) {
  try {
    await page.waitForFunction(() => ((document.querySelector('video[data-remote]') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0, null, { timeout: 20_000 });
  } catch (error) {
    throw new Error(`no remote video: ${JSON.stringify(await callState(page).catch(() => 'page gone'))}`, { cause: error });
  }
}

/** What this side's peer connection has received so far, from its own statistics. */
function received(page: Page) {
  return page.evaluate(async () => {
    const pc = window.__kbCall?.peerConnection;
    const totals = { audioPackets: 0, videoFrames: 0 };
    if (!pc) return totals;
    (await pc.getStats()).forEach((report: { type: string; kind?: string; packetsReceived?: number; framesDecoded?: number }) => {
      if (report.type !== 'inbound-rtp') return;
      if (report.kind === 'audio') totals.audioPackets += report.packetsReceived ?? 0;
      if (report.kind === 'video') totals.videoFrames += report.framesDecoded ?? 0;
    });
    return totals;
  });
}

/** Waits until a received count stops growing (the sender stopped), or grows again (it started). */
async function untilCount(page: Page, which: 'audioPackets' | 'videoFrames', flowing: boolean) {
  let previous = (await received(page))[which];
  await expect
    .poll(
      async () => {
        const now = (await received(page))[which];
        const grew = now > previous;
        previous = now;
        return grew;
      },
      { interval: 1_000, timeout: 20_000 },
    )
    .toBe(flowing);
}

beforeAll(async () => {
  browser = await launchBrowser(FAKE_MEDIA);
  const probe = await fetch(`${baseUrl()}/api/experts?serviceType=video&available=true&sort=name&limit=100`);
  const experts = (await probe.json()) as Expert[];
  // The second to last by name: other journeys book the first ones and the workspace journey the last.
  const chosen = experts.at(-2)!;
  setPasswordOf(demoEmailOf(chosen.name), EXPERT_PASSWORD);

  owner = await visitor();
  await signUpOwner(owner, 'Olivia');
  booking = await bookVideo(owner, chosen, 'Outboard stalls at idle after warming up', 3);
  expert = await visitor();
  await signInThroughUi(expert, demoEmailOf(chosen.name), EXPERT_PASSWORD);
  if (booking.status === 'requested') {
    const status = await expert.evaluate(
      async (id) => (await fetch(`/api/bookings/${id}/confirm`, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status,
      booking.id,
    );
    expect(status).toBe(200);
  }
});
afterAll(async () => {
  await setTestClock(null);
  for (const context of contexts) await context.close();
  await browser.close();
});

describe('the video consultation room', () => {
  it('refuses outside the window with when it opens, and links to the room from the booking once it is open', async () => {
    await at(booking.startsAt, -30 * MINUTE);
    await owner.goto(`/consultation?booking=${booking.id}`);
    await owner.getByRole('heading', { name: 'The call room is not open yet' }).waitFor();
    const opens = joinRefusalMessage('too-early', { ...booking, status: 'confirmed' });
    expect(await owner.getByTestId('call-refusal').textContent()).toBe(opens);
    await expectAccessible(owner);
    await snap(owner, 'consultation-too-early-1280');
    await owner.setViewportSize(MOBILE);
    await snap(owner, 'consultation-too-early-390');
    await owner.setViewportSize(DESKTOP);

    await owner.goto(`/bookings/${booking.id}`);
    await owner.getByText('The call room opens on').waitFor();
    expect(await owner.getByRole('button', { name: 'Join call' }).isDisabled()).toBe(true);

    await at(booking.startsAt, -5 * MINUTE);
    await owner.goto(`/bookings/${booking.id}`);
    expect(await owner.getByRole('link', { name: 'Join call' }).getAttribute('href')).toBe(`/consultation?booking=${booking.id}`);
    await owner.goto('/consultation');
    await owner.getByTestId('upcoming-call').filter({ hasText: `#${booking.number}` }).getByText('Room open').waitFor();

    await at(booking.endsAt, 30 * MINUTE);
    await expert.goto(`/consultation?booking=${booking.id}`);
    await expert.getByRole('heading', { name: 'This call has ended' }).waitFor();
  });

  it('refuses a third user with the not-found page, and sends one with no calls to video booking', async () => {
    await at(booking.startsAt, 0);
    const stranger = await visitor();
    await signUpOwner(stranger, 'Simon');
    await stranger.goto(`/consultation?booking=${booking.id}`);
    await stranger.getByRole('heading', { name: 'Call not found' }).waitFor();
    await expectAccessible(stranger);
    await snap(stranger, 'consultation-not-found-1280');
    await stranger.goto('/consultation');
    await stranger.getByRole('heading', { name: 'No upcoming video calls' }).waitFor();
    expect(await stranger.getByRole('link', { name: 'Book Video Consultation' }).getAttribute('href')).toBe('/video-consultation');
  });

  it('lets owner and expert see and hear each other; mute and camera off stop what the other side receives; leave and rejoin', async () => {
    await at(booking.startsAt, -2 * MINUTE);
    await owner.goto(`/consultation?booking=${booking.id}`);
    await owner.getByRole('heading', { name: 'Check your camera and microphone' }).waitFor();
    await owner.waitForFunction(() => ((document.querySelector('video[data-local]') as HTMLVideoElement | null)?.videoWidth ?? 0) > 0);
    await owner.getByRole('combobox', { name: 'Camera' }).waitFor();
    await owner.getByRole('combobox', { name: 'Microphone' }).waitFor();
    await expectAccessible(owner);
    await snap(owner, 'consultation-waiting-room-1280');
    await owner.setViewportSize(MOBILE);
    await snap(owner, 'consultation-waiting-room-390');
    await owner.setViewportSize(DESKTOP);

    await expert.goto(`/consultation?booking=${booking.id}`);
    await owner.getByRole('button', { name: 'Join call' }).click();
    await owner.getByText('Waiting for').waitFor();
    await expert.getByRole('button', { name: 'Join call' }).click();
    await remoteVideoPlays(owner);
    await remoteVideoPlays(expert);
    await untilCount(expert, 'audioPackets', true);
    await snap(owner, 'consultation-call-1280');
    await expert.setViewportSize(MOBILE);
    await snap(expert, 'consultation-call-390');
    await expert.setViewportSize(DESKTOP);

    // Mute: the owner's audio sender sends nothing, and the expert's screen says so.
    await owner.getByRole('button', { name: 'Mute' }).click();
    await expert.getByText('Olivia Mariner is muted').waitFor();
    await untilCount(expert, 'audioPackets', false);
    await owner.getByRole('button', { name: 'Unmute' }).click();
    await untilCount(expert, 'audioPackets', true);
    expect(await expert.getByText('Olivia Mariner is muted').count()).toBe(0);

    // Camera off: no more frames reach the expert.
    await owner.getByRole('button', { name: 'Turn camera off' }).click();
    await expert.getByText("Olivia Mariner's camera is off").waitFor();
    await untilCount(expert, 'videoFrames', false);
    await owner.getByRole('button', { name: 'Turn camera on' }).click();
    await untilCount(expert, 'videoFrames', true);

    // Low-bandwidth mode scales the owner's video down.
    await owner.getByRole('button', { name: 'Low-bandwidth mode' }).click();
    await owner.getByText('Low-bandwidth mode: your video is sent at a lower resolution').waitFor();
    const scale = await owner.evaluate(() => window.__kbCall?.peerConnection?.getSenders().find((s) => s.track?.kind === 'video')?.getParameters().encodings[0]?.scaleResolutionDownBy);
    expect(scale).toBe(4);

    // Leave and rejoin.
    await owner.getByRole('button', { name: 'Leave call' }).click();
    await owner.getByText('You left the call.').waitFor();
    await expert.getByText('Waiting for Olivia Mariner to join...').waitFor();
    await owner.getByRole('button', { name: 'Rejoin call' }).click();
    await remoteVideoPlays(owner);
    await expert.getByText('Waiting for Olivia Mariner to join...').waitFor({ state: 'detached' });
    await remoteVideoPlays(expert);
  });

  it('connects when both join at the same moment, again and again (offers cross, candidates arrive early)', async () => {
    await at(booking.startsAt, 5 * MINUTE);
    for (let round = 0; round < 3; round++) {
      await Promise.all([owner.goto(`/consultation?booking=${booking.id}`), expert.goto(`/consultation?booking=${booking.id}`)]);
      await Promise.all([owner.getByRole('button', { name: 'Join call' }).waitFor(), expert.getByRole('button', { name: 'Join call' }).waitFor()]);
      await Promise.all([owner.getByRole('button', { name: 'Join call' }).click(), expert.getByRole('button', { name: 'Join call' }).click()]);
      await Promise.all([remoteVideoPlays(owner), remoteVideoPlays(expert)]);
    }
  });
});
