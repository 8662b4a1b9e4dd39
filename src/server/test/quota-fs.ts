import * as fs from 'node:fs';
import { join } from 'node:path';
import { BaseFilesystem, ERRNO_CODES, type FsStats } from '@electric-sql/pglite/basefs';

/** Emscripten's number for ENOSPC (PGlite's file systems report errors by Emscripten's numbers). */
const ENOSPC = 51;

/** Node's error codes as Emscripten's numbers; anything else is reported as EINVAL. */
function emscriptenError(error: unknown): { code: number } {
  const code = (error as { code?: unknown }).code;
  const known = typeof code === 'string' ? (ERRNO_CODES as Record<string, number>)[code] : undefined;
  return { code: typeof code === 'number' ? code : (known ?? ERRNO_CODES.EINVAL) };
}

function translated<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw emscriptenError(error);
  }
}

/**
 * Test only: a small disk for PGlite where a small file system cannot be mounted. PGlite's data folder
 * lives in a real folder, through PGlite's `fs` option, and a write that would take the files past
 * `capacity` bytes fails with ENOSPC, as on a full disk. `capacity` may be changed (filled up, freed).
 */
export class QuotaFs extends BaseFilesystem {
  /** The bytes the folder's files take, counted when first needed (the folder may be filled before). */
  #counted: number | undefined;

  constructor(
    private readonly root: string,
    public capacity: number,
  ) {
    super();
  }

  get #used(): number {
    return (this.#counted ??= sizeOfTree(this.root));
  }

  set #used(bytes: number) {
    this.#counted = bytes;
  }

  /** The bytes the folder's files take. */
  usedBytes(): number {
    return this.#used;
  }

  freeBytes(): number {
    return Math.max(0, this.capacity - this.#used);
  }

  #grow(by: number) {
    if (by > 0 && this.#used + by > this.capacity) throw { code: ENOSPC };
    this.#used += by;
  }

  #host(path: string) {
    return join(this.root, path);
  }

  #sizeOf(host: string): number {
    try {
      return fs.statSync(host).size;
    } catch {
      return 0;
    }
  }

  chmod(path: string, mode: number) {
    translated(() => fs.chmodSync(this.#host(path), mode));
  }
  close(fd: number) {
    translated(() => fs.closeSync(fd));
  }
  fstat(fd: number): FsStats {
    return translated(() => toStats(fs.fstatSync(fd)));
  }
  lstat(path: string): FsStats {
    return translated(() => toStats(fs.lstatSync(this.#host(path))));
  }
  mkdir(path: string, options?: { recursive?: boolean; mode?: number }) {
    translated(() => fs.mkdirSync(this.#host(path), options));
  }
  open(path: string, flags?: string, mode?: number): number {
    return translated(() => fs.openSync(this.#host(path), flags ?? 'r+', mode));
  }
  readdir(path: string): string[] {
    return translated(() => fs.readdirSync(this.#host(path)));
  }
  read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): number {
    return translated(() => fs.readSync(fd, buffer, offset, length, position));
  }
  rename(oldPath: string, newPath: string) {
    const target = this.#host(newPath);
    const replaced = this.#sizeOf(target);
    translated(() => fs.renameSync(this.#host(oldPath), target));
    this.#used -= replaced;
  }
  rmdir(path: string) {
    translated(() => fs.rmdirSync(this.#host(path)));
  }
  truncate(path: string, len: number) {
    const host = this.#host(path);
    this.#grow(len - this.#sizeOf(host));
    translated(() => fs.truncateSync(host, len));
  }
  unlink(path: string) {
    const host = this.#host(path);
    const size = this.#sizeOf(host);
    translated(() => fs.unlinkSync(host));
    this.#used -= size;
  }
  utimes(path: string, atime: number, mtime: number) {
    translated(() => fs.utimesSync(this.#host(path), atime / 1000, mtime / 1000));
  }
  writeFile(path: string, data: string | Uint8Array, options?: { encoding?: string; mode?: number; flag?: string }) {
    const host = this.#host(path);
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    this.#grow(size - this.#sizeOf(host));
    translated(() => fs.writeFileSync(host, data, options as fs.WriteFileOptions));
  }
  write(fd: number, buffer: Uint8Array | ArrayBuffer, offset: number, length: number, position: number): number {
    const size = translated(() => fs.fstatSync(fd).size);
    this.#grow(Math.max(0, position + length - size));
    const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
    return translated(() => fs.writeSync(fd, bytes, offset, length, position));
  }
}

function toStats(stats: fs.Stats): FsStats {
  return {
    dev: stats.dev,
    ino: stats.ino,
    mode: stats.mode,
    nlink: stats.nlink,
    uid: stats.uid,
    gid: stats.gid,
    rdev: stats.rdev,
    size: stats.size,
    blksize: stats.blksize,
    blocks: stats.blocks,
    atime: stats.atimeMs,
    mtime: stats.mtimeMs,
    ctime: stats.ctimeMs,
  };
}

function sizeOfTree(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += fs.statSync(join(entry.parentPath, entry.name)).size;
  }
  return total;
}
