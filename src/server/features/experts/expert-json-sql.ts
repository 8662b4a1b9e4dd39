import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { experts } from '../../db/schema.js';
import type { Expert } from '../../../common/experts.js';
import { PRESENCE_WINDOW_MS } from '../../../common/experts-rules.js';

/** A JSON string literal of a text column: PostgreSQL escapes as JSON.stringify does. */
const string = (column: PgColumn) => sql`to_json(${column})::text`;
/** A JSON number of an integer column. */
const integer = (column: PgColumn) => sql`${column}::text`;
/** Cents as the decimal string toExpert makes ('75.00'). */
const decimal = (cents: PgColumn) => sql`'"' || round(${cents} / 100.0, 2)::text || '"'`;

/**
 * Each field of an Expert as PostgreSQL writes it in JSON, in toExpert's order; none is ever NULL (NULL
 * would make the whole text NULL). `now` is the time toExpert is given: presence is judged against it.
 */
function fields(now: SQL): Record<Exclude<keyof Expert, 'distanceMiles'>, SQL> {
  return {
    id: integer(experts.id),
    name: string(experts.name),
    specialty: string(experts.specialty),
    profileImage: sql`coalesce(${string(experts.profileImage)}, 'null')`,
    bio: string(experts.bio),
    // numeric(3,2) is written with its two decimals, as toFixed(2) writes it.
    rating: sql`'"' || ${experts.rating}::text || '"'`,
    reviewCount: integer(experts.reviewCount),
    city: string(experts.city),
    state: string(experts.state),
    zipCode: string(experts.zipCode),
    certifications: string(experts.certifications),
    experience: integer(experts.experience),
    serviceRadius: integer(experts.serviceRadius),
    videoRate: decimal(experts.videoRateCents),
    onsiteRate: decimal(experts.onsiteRateCents),
    onsiteMinimumHours: integer(experts.onsiteMinimumHours),
    serviceTypes: sql`array_to_json(array(
      select t from unnest(${experts.serviceTypes}) with ordinality as s(t, n) where t in ('video', 'onsite') order by n
    ))::text`,
    available: sql`${experts.available}::text`,
    timeZone: string(experts.timeZone),
    // As isOnline: seen (to the millisecond, as the driver reads it) within the window before now.
    online: sql`coalesce(date_trunc('milliseconds', ${experts.lastSeenAt})
      between ${now} - make_interval(secs => ${PRESENCE_WINDOW_MS / 1000}) and ${now}, false)::text`,
    // As toISOString: milliseconds (to_char truncates, as the driver does), in UTC.
    createdAt: sql`'"' || to_char(${experts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"'`,
  };
}

/**
 * An expert's JSON as the listing sends it, made by the database: the text JSON.stringify(toExpert(row,
 * now)) makes, byte for byte (expert-json-sql.api.test.ts holds the two equal). A listing page reads its
 * experts' JSON this way rather than their rows: reading twenty columns into objects, mapping them and
 * writing them out again would allocate for every expert of every page.
 */
export function expertJsonSql(now: SQL): SQL<string> {
  const parts = Object.entries(fields(now)).map(
    ([key, value], i) => sql`${sql.raw(`'${i === 0 ? '{' : ','}${JSON.stringify(key)}:'`)} || ${value}`,
  );
  return sql<string>`(${sql.join(parts, sql` || `)} || '}')`;
}
