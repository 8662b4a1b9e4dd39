import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freeSpaceFloor } from './free-space-floor.js';

const MB = 1024 * 1024;

/** A file system whose free space the test sets, and how often it was asked. */
function disk(free: number) {
  const state = { free, asked: 0, fails: false };
  const freeBytes = async () => {
    state.asked += 1;
    if (state.fails) throw Object.assign(new Error('EACCES'), { code: 'EACCES' });
    return state.free;
  };
  return { state, freeBytes };
}

describe('free space floor', () => {
  it('is below the floor only while the free space is under it', async () => {
    const { state, freeBytes } = disk(100 * MB);
    let clock = 0;
    const floor = freeSpaceFloor('/data', 64 * MB, { freeBytes, now: () => clock });
    expect(await floor.isBelow()).toBe(false);
    state.free = 64 * MB - 1;
    clock += 1000;
    expect(await floor.isBelow()).toBe(true);
    state.free = 64 * MB;
    clock += 1000;
    expect(await floor.isBelow()).toBe(false);
  });

  it('asks the file system at most once a second, however many writes ask', async () => {
    const { state, freeBytes } = disk(10 * MB);
    let clock = 5_000;
    const floor = freeSpaceFloor('/data', 64 * MB, { freeBytes, now: () => clock });
    const answers = await Promise.all(Array.from({ length: 20 }, () => floor.isBelow()));
    expect(answers.every(Boolean)).toBe(true);
    clock += 999;
    state.free = 100 * MB;
    // Still the reading of a moment ago.
    expect(await floor.isBelow()).toBe(true);
    expect(state.asked).toBe(1);
    clock += 1;
    expect(await floor.isBelow()).toBe(false);
    expect(state.asked).toBe(2);
  });

  it('lets writes through when the folder cannot be measured', async () => {
    const { state, freeBytes } = disk(0);
    state.fails = true;
    const floor = freeSpaceFloor('/data', 64 * MB, { freeBytes, now: () => 0 });
    expect(await floor.isBelow()).toBe(false);
  });

  it('reads a real folder with the system call', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kb-floor-'));
    try {
      expect(await freeSpaceFloor(dir, 0).isBelow()).toBe(false);
      expect(await freeSpaceFloor(dir, Number.MAX_SAFE_INTEGER).isBelow()).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
