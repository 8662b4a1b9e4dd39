import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../../db/client.js';
import type { Listener } from '../../../db/notifications.js';
import { experts } from '../../../db/schema.js';
import { loadZipCentroids } from '../../../geo/zip-centroids.js';
import { DirectoryIndex, type DirectoryExpert } from './directory-index.js';

/** The channel migration 0006 announces expert changes on (payload: the expert's id). */
const CHANNEL = 'expert_listing';
/** Our own marker on the channel: every change announced before it has been applied once it comes back. */
const SYNC_PREFIX = 'sync:';
/** More changes than this at once (an import, a seed) are read as a whole new directory. */
const RELOAD_OVER = 1_000;
/** How long to wait for our marker before reading the whole directory instead (the listener is down). */
const SYNC_TIMEOUT_MS = 3_000;
/** Experts read at a time when the whole directory is read. */
const READ_BATCH = 5_000;

const directoryColumns = {
  id: experts.id,
  status: experts.status,
  specialty: experts.specialty,
  serviceTypes: experts.serviceTypes,
  available: experts.available,
  rating: sql<number>`round(${experts.rating} * 100)::int`.mapWith(Number),
  reviewCount: experts.reviewCount,
  experience: experts.experience,
  videoRateCents: experts.videoRateCents,
  onsiteRateCents: experts.onsiteRateCents,
  nameKey: sql<string>`lower(${experts.name})`,
  locationText: experts.locationText,
  certificationsKey: sql<string>`lower(${experts.certifications})`,
  zipCode: sql<string>`left(${experts.zipCode}, 5)`,
  serviceRadius: experts.serviceRadius,
};

export interface ExpertDirectory {
  /**
   * The directory, with every change this server made (see `changed`) and every change announced to it
   * so far. Throws when it cannot be read (the database is down): the listing answers 503.
   */
  current(): Promise<DirectoryIndex>;
  /**
   * Settles once the whole directory has been read for the first time. Until then every listing waits for
   * that read (some 2 s at 100,000 experts), so the server is not ready for visitors (/readyz).
   */
  read(): Promise<void>;
  /** This server has just changed experts: the next `current()` waits until the directory has the change. */
  changed(): void;
  close(): Promise<void>;
}

/**
 * The approved experts held in memory for the listing (see DirectoryIndex), kept current by the database's
 * notifications: a trigger announces each changed expert after commit, and every app server re-reads that
 * expert. Other servers' changes show within milliseconds; this server's own show at once, because the
 * next answer after `changed()` waits for a marker sent through the same channel, which arrives after
 * every earlier announcement. While notifications cannot arrive (the listener reconnecting), the marker
 * does not come back and the whole directory is read again instead.
 */
export async function openExpertDirectory(database: DatabaseHandle, onUpdate: () => void): Promise<ExpertDirectory> {
  let index: DirectoryIndex | null = null;
  /** Set when a read failed: the next `current()` reads the whole directory again. */
  let lost = false;
  const announced = new Set<number>();
  const markers = new Map<string, () => void>();
  /** Every read and change of the directory, one after another, in the order notifications arrived. */
  let queue: Promise<void> = Promise.resolve();
  let applyQueued = false;

  const enqueue = (work: () => Promise<void>): Promise<void> => {
    const run = queue.then(work);
    queue = run.catch(() => {
      lost = true;
    });
    return run;
  };

  let firstRead = () => {};
  const read = new Promise<void>((resolve) => (firstRead = resolve));

  const readAll = async () => {
    const zips = await loadZipCentroids();
    index = await DirectoryIndex.load(approvedExpertBatches(database.db), { centroid: zips.centroid });
    lost = false;
    firstRead();
    onUpdate();
  };

  /**
   * Reads the whole directory, after whatever is queued; callers that come while one such read waits share
   * it (while the database does not answer, each read waits for its time-out: they must not queue up).
   */
  let reading: Promise<void> | null = null;
  const readAgain = () => {
    reading ??= enqueue(readAll).finally(() => {
      reading = null;
    });
    return reading;
  };

  const applyAnnounced = async () => {
    applyQueued = false;
    if (announced.size === 0) return;
    const ids = [...announced];
    announced.clear();
    try {
      if (!index || ids.length > RELOAD_OVER) return await readAll();
      const rows = await database.db.select(directoryColumns).from(experts).where(inArray(experts.id, ids));
      const approved = new Map(rows.filter((r) => r.status === 'approved').map((r) => [r.id, r]));
      for (const id of ids) {
        const row = approved.get(id);
        if (row) index.upsert(toDirectoryExpert(row));
        else index.remove(id);
      }
      onUpdate();
    } catch (error) {
      for (const id of ids) announced.add(id);
      throw error;
    }
  };

  const listener: Listener = await database.listen(CHANNEL, {
    onConnect: () => void readAgain().catch(() => {}),
    onNotification(payload) {
      if (payload.startsWith(SYNC_PREFIX)) {
        const reached = markers.get(payload.slice(SYNC_PREFIX.length));
        // Resolved after the changes announced before the marker (queued ahead of it) are applied.
        if (reached) void enqueue(applyAnnounced).finally(reached);
        return;
      }
      const id = Number(payload);
      if (!Number.isSafeInteger(id)) return;
      announced.add(id);
      if (!applyQueued) {
        applyQueued = true;
        void enqueue(applyAnnounced);
      }
    },
  });

  /** Waits until every change announced before now is in the directory. */
  const catchUp = async () => {
    const token = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const returned = new Promise<boolean>((resolve) => {
      markers.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
    });
    try {
      await database.executeSql('select pg_notify($1, $2)', [CHANNEL, SYNC_PREFIX + token]);
      if (!(await returned)) await readAgain();
    } finally {
      clearTimeout(timer);
      markers.delete(token);
    }
  };

  /** Changes made here (counted) and how many of them the directory is known to have. */
  let changes = 0;
  let caughtUp = 0;
  let catching: { upTo: number; done: Promise<void> } | null = null;

  return {
    async current() {
      if (changes > caughtUp) {
        const target = changes;
        if (!catching || catching.upTo < target) {
          const attempt = {
            upTo: target,
            done: catchUp().then(() => {
              caughtUp = Math.max(caughtUp, target);
            }),
          };
          attempt.done.catch(() => {}).finally(() => {
            if (catching === attempt) catching = null;
          });
          catching = attempt;
        }
        await catching.done;
      }
      await queue;
      if (lost || !index) await readAgain();
      return index!;
    },
    read: () => read,
    changed() {
      changes += 1;
    },
    async close() {
      await listener.close();
      await queue;
    },
  };
}

/**
 * Every approved expert, as the directory keeps them, a batch at a time in id order. A change committed
 * while the batches are read is announced (see migration 0006) and applied after this read.
 */
export async function* approvedExpertBatches(db: Database, size = READ_BATCH): AsyncGenerator<DirectoryExpert[]> {
  for (let after = 0; ; ) {
    const rows = await db
      .select(directoryColumns)
      .from(experts)
      .where(and(eq(experts.status, 'approved'), gt(experts.id, after)))
      .orderBy(asc(experts.id))
      .limit(size);
    if (rows.length) yield rows.map(toDirectoryExpert);
    if (rows.length < size) return;
    after = rows.at(-1)!.id;
  }
}

/** Every approved expert, as the directory keeps them. */
export async function readApprovedExperts(db: Database): Promise<DirectoryExpert[]> {
  const all: DirectoryExpert[] = [];
  for await (const batch of approvedExpertBatches(db)) all.push(...batch);
  return all;
}

function toDirectoryExpert({ status: _status, ...expert }: DirectoryExpert & { status: string }): DirectoryExpert {
  return expert;
}
