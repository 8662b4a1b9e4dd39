import { randomUUID } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { bookings, experts, idempotencyKeys, users } from '../../db/schema.js';
import { inTransaction, LOCKS } from '../../db/transaction.js';
import { preparedStatement } from '../../db/prepared.js';
import { answerEarlier, requestHash, type EarlierClaim } from '../../idempotency/idempotent-write.js';
import { AppError } from '../../core/app-error.js';
import { SELF_BOOKING, type Booking, type CreateBooking } from '../../../common/bookings.js';
import type { AttachedConversation } from '../../../common/ai-handoff.js';
import { REQUEST_TTL_MS, billableHours, bookingPriceCents } from '../../../common/bookings-rules.js';
import type { CurrentUser } from '../../../common/user.js';
import { chooseSlot, expertDayColumns, expertDayValues, toRanges } from './slots.js';
import { auditSnapshot, bookingExpertColumns, selectBookingRecords, toBooking, type BookingRecord } from './booking-record.js';
import type { ServiceContext } from '../../core/service-context.js';
import { noticeJobs } from './booking-notices.js';
import { bookingNotifications } from './booking-notifications.js';
import { notify } from '../notifications/index.js';
import { isOwnExpert } from './booking-access.js';
import { EMAIL_QUEUE } from '../../mail/email-job.js';
import { dueReminders, reminderJob } from './booking-reminders.js';
import { EXPERT_NOT_FOUND } from '../experts/index.js';
import { loadZipCentroids } from '../../geo/zip-centroids.js';
import { outsideTravelAreaMessage, visitZip, withinTravelArea } from '../../../common/travel-area.js';
import { placeTimeZoneOf } from '../../../common/bookings-time-zone.js';

/** An assistant conversation as a booking keeps it. */
export type ConversationCopy = Omit<AttachedConversation, 'attachedAt'>;

/**
 * The AI hand-off's part in a new booking, which app.ts passes in (the ai-handoff feature builds on
 * bookings, so bookings does not import it): a copy of one of the owner's own conversations, taken
 * before the booking is written, and keeping that copy with the booking.
 */
export interface ConversationHandoff {
  copyOwn(db: Database, userId: string, sessionId: string): Promise<ConversationCopy>;
  attach(db: Database, bookingId: string, copy: ConversationCopy): Promise<void>;
}

type BookingRow = typeof bookings.$inferSelect;

/** The expert as a booking needs them: to check, to price, and to show in the answer and the e-mails. */
interface TargetExpert extends Omit<BookingRecord['expert'], 'email' | 'chosenTimeZone'> {
  status: string;
  serviceTypes: string[];
  available: boolean;
  videoRateCents: number;
  onsiteRateCents: number;
  zipCode: string;
  serviceRadius: number;
}

const NOT_TAKING_BOOKINGS = 'This expert is not taking bookings right now. Please choose another expert.';

/**
 * Whether the caller may book the expert for the service: unknown or not approved is 404; the caller's own
 * expert profile is 400 (a self-paid invoice and a self-written review would count as real); not offering it
 * or away is 409.
 */
function checkBookable(
  expert: Pick<TargetExpert, 'status' | 'serviceTypes' | 'available' | 'userId'> | null,
  serviceType: CreateBooking['serviceType'],
  callerId: string,
): void {
  if (!expert || expert.status !== 'approved') throw new AppError('NOT_FOUND', EXPERT_NOT_FOUND);
  if (isOwnExpert(expert, callerId)) throw AppError.onField('expertId', SELF_BOOKING);
  if (!expert.serviceTypes.includes(serviceType)) {
    const message = serviceType === 'video' ? 'This expert does not offer video consultations.' : 'This expert does not offer onsite service.';
    throw AppError.onField('expertId', message);
  }
  if (!expert.available) throw new AppError('CONFLICT', NOT_TAKING_BOOKINGS);
}

/**
 * An onsite visit beyond the expert's travel area is refused, on the address field the owner can change.
 * A place whose ZIP code the address and the boat do not give, or the centroid table does not know, cannot
 * be measured: it is left to the expert, who reads the address in the request.
 */
async function checkTravelArea(
  expert: Pick<TargetExpert, 'name' | 'zipCode' | 'serviceRadius'>,
  visit: Pick<Extract<CreateBooking, { serviceType: 'onsite' }>, 'boatAddress' | 'marinaName'>,
  boatHomeZip: string | null,
): Promise<void> {
  const zip = visitZip(visit.boatAddress, boatHomeZip);
  if (!zip) return;
  const miles = (await loadZipCentroids()).milesBetween(zip, expert.zipCode.slice(0, 5));
  if (miles === null || withinTravelArea(miles, expert.serviceRadius)) return;
  throw AppError.onField('boatAddress', outsideTravelAreaMessage(expert.name, expert.serviceRadius, miles, visit.marinaName ? 'marina' : 'address'));
}

/** Everything a booking is checked against, read in one round trip before its transaction. */
function targetReader(db: Database) {
  const placeholder = sql.placeholder;
  const expertUser = sql`(select ${users.email} from ${users} where ${users.id} = ${experts.userId})`;
  const expertUserZone = sql`(select ${users.timeZone} from ${users} where ${users.id} = ${experts.userId})`;
  const keys = idempotencyKeys;
  const earlier = sql<EarlierClaim | null>`(select json_build_object('requestHash', ${keys.requestHash}, 'resourceId', ${keys.resourceId})
    from ${keys} where ${keys.userId} = ${users.id} and ${keys.key} = ${placeholder('key')})`;
  const query = db
    .select({
      owner: { name: users.name, firstName: users.firstName, lastName: users.lastName, email: users.email, chosenTimeZone: users.timeZone },
      expert: {
        ...bookingExpertColumns,
        status: experts.status,
        serviceTypes: experts.serviceTypes,
        available: experts.available,
        videoRateCents: experts.videoRateCents,
        onsiteRateCents: experts.onsiteRateCents,
        zipCode: experts.zipCode,
        serviceRadius: experts.serviceRadius,
      },
      expertEmail: sql<string | null>`${expertUser}`,
      expertTimeZone: sql<string | null>`${expertUserZone}`,
      earlier,
      ...expertDayColumns(db),
    })
    .from(users)
    .leftJoin(experts, eq(experts.id, placeholder('expertId')))
    .where(eq(users.id, placeholder('userId')))
    .prepare('booking_target');
  return async (userId: string, input: CreateBooking, key: string | null) => {
    const [row] = await query.execute({ userId, expertId: input.expertId, key, ...expertDayValues(input.serviceType, input.scheduledDate) });
    if (!row) throw new AppError('UNAUTHORIZED', 'Please sign in again.');
    return row;
  };
}

/** The booking's columns under their names in the schema, for the statement's RETURNING. */
const RETURNED = Object.entries(getTableColumns(bookings))
  .map(([key, column]) => `"${column.name}" as "${key}"`)
  .join(', ');

/**
 * The booking, written in one statement inside its transaction: it takes the expert's booking lock, checks
 * (on the expert's newest row, which it share-locks, past a suspension committed while it waited for the
 * lock) that the expert is still bookable, claims the idempotency key, inserts the booking, its audit entry
 * and its reminder rows, sends the NOTIFY that wakes the e-mail workers once it commits, and returns the
 * booking. Nothing is written when the expert is no longer bookable or the key was claimed meanwhile; the
 * exclusion constraint still refuses an overlap.
 */
const insertBooking = preparedStatement<{ bookable: boolean } & Partial<BookingRow>>(
  'create_booking',
  `with lock as (
    select 1 from (select pg_advisory_xact_lock(${LOCKS.bookingsOfExpert}, $1::int)) locked
  ), bookable as (
    select e.id from experts e
    where exists (select from lock) and e.id = $1::int and e.status = 'approved' and e.available and $4::text = any(e.service_types)
    for share of e
  ), claim as (
    insert into idempotency_keys (user_id, key, request_hash, resource_id)
    select $2::text, $22::text, $23::text, $3::uuid::text from bookable where $22::text is not null
    on conflict do nothing
    returning 1
  ), created as (
    insert into bookings (id, user_id, expert_id, service_type, status, starts_at, ends_at, time_zone, expires_at, description,
      boat_address, marina_name, dock_slip, contact_phone, emergency_contact, boat_type, boat_length, estimated_hours,
      price_cents, onsite_visit_cents, ai_session_id, boat_id, boat_snapshot, maintenance_task_id, place_time_zone)
    select $3::uuid, $2::text, $1::int, $4::text, $5::text, $6::timestamptz, $7::timestamptz, $8::text, $9::timestamptz, $10::text,
      $11::text, $12::text, $13::text, $14::text, $15::text, $16::text, $17::text, $18::int, $19::int, $20::int, $21::uuid,
      $28::uuid, $29::jsonb, $30::uuid, $31::text
    from bookable where $22::text is null or exists (select from claim)
    returning ${RETURNED}
  ), audit as (
    insert into audit_log (actor_user_id, actor_role, action, entity_type, entity_id, after)
    select $2::text, 'owner', 'booking.create', 'booking', created.id::text, $24::jsonb from created
  ), reminders as (
    insert into booking_reminders (booking_id, kind, starts_at, send_at, job_id)
    select created.id, due.kind, created."startsAt", due.send_at, due.job_id
    from created, json_to_recordset($25::json) as due (kind text, send_at timestamptz, job_id uuid)
  ), announced as (
    select pg_notify($26::text, $27::text) from created where $26::text is not null
  )
  select exists (select from bookable) as bookable, (select count(*) from announced) as announced, created.*
  from (select) one left join created on true`,
);

/**
 * Books an expert for the caller (`POST /api/bookings`) in a few round trips: one prepared read of the
 * expert, their day, the owner and an earlier use of the idempotency key, checked here for the clear
 * answers; then one transaction of one prepared statement (`insertBooking`) and the jobs' one insert (the
 * e-mails, the reminders). A retry with the same idempotency key answers the booking it made.
 */
export function bookingCreator(deps: ServiceContext, conversations: ConversationHandoff) {
  const readTarget = targetReader(deps.db);
  const wake = deps.jobs.announcement(EMAIL_QUEUE);

  const replay = (id: string) =>
    selectBookingRecords(deps.db, eq(bookings.id, id)).then(([record]) => (record ? toBooking(record, ['owner'], deps.now()) : null));

  return async (user: CurrentUser, input: CreateBooking, idempotencyKey?: string): Promise<{ booking: Booking; replayed: boolean }> => {
    const key = idempotencyKey ?? null;
    const hash = key === null ? '' : requestHash(['POST /api/bookings', input]);
    const target = await readTarget(user.id, input, key);
    if (key !== null && target.earlier) return { booking: await answerEarlier(target.earlier, hash, replay), replayed: true };

    const now = deps.now();
    const { expert } = target;
    checkBookable(expert, input.serviceType, user.id);
    const hours = input.serviceType === 'onsite' ? billableHours(input.estimatedHours, expert!.onsiteMinimumHours) : 0;
    const slot = chooseSlot(expert!, input.serviceType, input.scheduledDate, input.preferredTime, hours, now, {
      ranges: toRanges(target.ranges),
      busy: target.busy,
    });
    // The assistant conversation is copied as it is now: the expert reads what the owner booked with.
    const conversation = input.aiSessionId ? await conversations.copyOwn(deps.db, user.id, input.aiSessionId) : null;
    const boat = await deps.boats.attach(deps.db, user.id, input);
    if (input.serviceType === 'onsite') await checkTravelArea(expert!, input, boat?.homeZip ?? null);

    const id = randomUUID();
    const status = expert!.instantBooking ? 'confirmed' : 'requested';
    const onsite = input.serviceType === 'onsite' ? input : null;
    const reminders = status === 'confirmed' ? dueReminders(slot.start, now) : [];
    const owner = target.owner;
    const record = (booking: BookingRow): BookingRecord => ({
      booking,
      expert: { ...expert!, email: target.expertEmail, chosenTimeZone: target.expertTimeZone },
      owner: { id: user.id, name: [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.name, email: owner.email, chosenTimeZone: owner.chosenTimeZone },
    });

    const written = await inTransaction(deps.db, async (tx) => {
      const [row] = await insertBooking(tx, [
        expert!.id,
        user.id,
        id,
        input.serviceType,
        status,
        slot.start,
        slot.end,
        expert!.timeZone,
        status === 'requested' ? new Date(Math.min(now.getTime() + REQUEST_TTL_MS, slot.start.getTime())) : null,
        input.description,
        onsite?.boatAddress ?? null,
        onsite?.marinaName ?? null,
        onsite?.dockSlip ?? null,
        onsite?.contactPhone ?? null,
        onsite?.emergencyContact ?? null,
        onsite?.boatType ?? null,
        onsite?.boatLength ?? null,
        onsite ? hours : null,
        bookingPriceCents(input.serviceType, hours, expert!),
        expert!.onsiteRateCents * Math.max(expert!.onsiteMinimumHours, 1),
        input.aiSessionId ?? null,
        key,
        hash,
        JSON.stringify(auditSnapshot({ status, startsAt: slot.start, endsAt: slot.end, paymentStatus: 'unpaid' })),
        JSON.stringify(reminders.map((r) => ({ kind: r.kind, send_at: r.sendAt.toISOString(), job_id: r.jobId }))),
        wake?.channel ?? null,
        wake?.payload ?? null,
        boat?.boatId ?? null,
        boat ? JSON.stringify(boat.snapshot) : null,
        boat?.maintenanceTaskId ?? null,
        onsite ? placeTimeZoneOf(onsite.boatAddress, boat?.homeZip) : null,
      ]);
      if (!row?.id) return row?.bookable ?? false;
      const booking = row as BookingRow;
      if (conversation) await conversations.attach(tx, booking.id, conversation);
      await notify(deps.jobs, tx, bookingNotifications(record(booking), status === 'confirmed' ? 'confirmed' : 'requested', user.id));
      // The e-mails' NOTIFY went with the statement above.
      await deps.jobs.insert(tx, [
        ...noticeJobs(deps, record(booking), status === 'confirmed' ? 'confirmed' : 'requested'),
        ...reminders.map((reminder) => reminderJob(booking.id, booking.startsAt, reminder)),
      ], { announced: true });
      return booking;
    });
    if (typeof written === 'object') return { booking: toBooking(record(written), ['owner'], now), replayed: false };
    // Nothing written: the expert stopped being bookable since the read, or the same key's first request
    // committed meanwhile.
    const again = await readTarget(user.id, input, key);
    if (!written) {
      checkBookable(again.expert, input.serviceType, user.id);
      throw new AppError('CONFLICT', NOT_TAKING_BOOKINGS);
    }
    return { booking: await answerEarlier(again.earlier ?? undefined, hash, replay), replayed: true };
  };
}
