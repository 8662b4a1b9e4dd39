// npm run bench: the performance benchmarks, each with its budget and its same-run baseline.
import { execFileSync } from 'node:child_process';
import { benchStartup } from './startup.js';
import { benchExperts } from './experts.js';
import { benchBookings } from './bookings.js';
import { benchBookingChanges } from './booking-changes.js';
import { benchJobs } from './jobs.js';
import { benchNotificationFanout } from './notification-fanout.js';
import { benchAiLatency } from './ai-latency.js';
import { benchPhotoChecks } from './photo-checks.js';
import { benchSignedIn } from './signed-in.js';
import { benchMemory } from './memory.js';
import { benchPages } from './pages.js';
import { benchServerPages } from './server-pages.js';
import { benchMessages } from './messages.js';
import { benchVideoCall } from './video-call.js';
import { benchServiceRecord } from './service-record.js';
import { benchCalendars } from './calendars.js';
import { benchHelpNow } from './help-now.js';

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) process.env.BENCH_DATABASE_URL = pgUrl;
const only = process.argv[2];

// The benchmarks start the production bundle, as `npm start` does.
execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { stdio: 'inherit' });

if (!only || only === 'startup') {
  console.log('== Start-up, memory, first page');
  await benchStartup();
}
if (!only || only === 'experts') {
  console.log('\n== GET /api/experts at 50 connections: varied queries (100,000 experts on PostgreSQL, 10,000 on PGlite), one repeated query, load more');
  await benchExperts();
}
if (!only || only === 'bookings') {
  console.log('\n== Bookings: POST /api/bookings, free slots, 50 people booking one time');
  await benchBookings();
}
if (!only || only === 'changes') {
  console.log('\n== Booking changes at 50 connections, each request on a booking of its own: cancel, reschedule, message send (owner); accept, decline, complete (expert); review (owner)');
  await benchBookingChanges();
}
if (!only || only === 'jobs') {
  console.log('\n== Background jobs: bookings at a steady rate, and the lag from each commit to its e-mails reaching SMTP (127.0.0.1)');
  await benchJobs();
}
if (!only || only === 'fanout') {
  console.log('\n== Notification fan-out: booking requests at a steady rate, the lag from each commit to its push (push service on 127.0.0.1) and its text (Twilio API on 127.0.0.1), and the server CPU the fan-out adds to a booking');
  await benchNotificationFanout();
}
if (!only || only === 'help-now') {
  console.log('\n== Help now: requests at a steady rate with every demo expert on call, the lag from sending each to its ring on the rung experts\' open pages (live socket) and to their pushes (push service on 127.0.0.1)');
  await benchHelpNow();
}
if (!only || only === 'messages') {
  console.log('\n== Booking messages: sent over HTTP on one app server, pushed to the live socket on another (PostgreSQL)');
  await benchMessages();
}
if (!only || only === 'auth') {
  console.log('\n== Sign-ups and signed-in requests: 50 sign-ups at once; GET /api/auth/user over many sessions, 50 connections');
  await benchSignedIn();
}
if (!only || only === 'ai') {
  console.log('\n== Built-in AI assistant');
  await benchAiLatency();
  await benchPhotoChecks();
}
if (!only || only === 'memory') {
  console.log('\n== Server memory: idle, under a varied load of what users do, after it');
  await benchMemory();
}
if (!only || only === 'server-pages') {
  console.log('\n== Public pages rendered on the server for signed-out visitors, 50 connections (100,000 experts on PostgreSQL)');
  await benchServerPages();
}
if (!only || only === 'pages') {
  console.log('\n== Public pages and booking forms on a phone (Lighthouse, default mobile emulation)');
  await benchPages();
}
if (!only || only === 'service-record') {
  console.log('\n== A boat at its limits (500 notes of 4,000 characters, 100 tasks): its service record PDF, and /healthz beside it');
  await benchServiceRecord();
}
if (!only || only === 'calendars') {
  console.log('\n== Calendars: the feed of an expert with 500 bookings; free slots with 3 outside calendars of 2,000 events each, against the same without');
  await benchCalendars();
}
if (!only || only === 'video') {
  console.log('\n== Video call: both in the room -> first remote video frame, and the page before it (headless Chromium, fake devices)');
  await benchVideoCall();
}
