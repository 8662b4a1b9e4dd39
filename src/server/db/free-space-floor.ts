import { statfs } from 'node:fs/promises';

/** How long a reading of the free space stands: a write checks it, so the file system is asked at most this often. */
const READING_LASTS_MS = 1000;

export interface FreeSpaceFloor {
  /** True while the folder's file system has less free space than the floor. */
  isBelow(): Promise<boolean>;
}

export interface FreeSpaceFloorOptions {
  /** The file system's free space in bytes, for the unprivileged (node's statfs by default). */
  freeBytes?: (dir: string) => Promise<number>;
  now?: () => number;
}

const freeBytesOf = async (dir: string) => {
  const stats = await statfs(dir);
  return stats.bavail * stats.bsize;
};

/**
 * The free space the embedded database must keep under its folder. PGlite that meets a full disk in the
 * middle of writing its log can spin for good (see database-watchdog.ts); refusing writes while some room
 * is left keeps it from getting there. A folder that cannot be measured is not refused: the database
 * reports its own failures.
 */
export function freeSpaceFloor(dir: string, minFreeBytes: number, options: FreeSpaceFloorOptions = {}): FreeSpaceFloor {
  const freeBytes = options.freeBytes ?? freeBytesOf;
  const now = options.now ?? Date.now;
  let reading: { at: number; below: Promise<boolean> } | undefined;
  return {
    isBelow() {
      const at = now();
      if (!reading || at - reading.at >= READING_LASTS_MS) {
        reading = {
          at,
          below: freeBytes(dir).then(
            (free) => free < minFreeBytes,
            () => false,
          ),
        };
      }
      return reading.below;
    },
  };
}
