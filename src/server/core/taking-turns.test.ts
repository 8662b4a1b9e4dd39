import { describe, expect, it } from 'vitest';
import { takingTurns } from './taking-turns.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('taking turns', () => {
  it('runs at most so many at once, in the order they came, and each gets its own answer', async () => {
    const turns = takingTurns(2);
    const started: number[] = [];
    let most = 0;
    const work = (n: number) =>
      turns.run(async () => {
        started.push(n);
        most = Math.max(most, turns.running());
        await tick();
        return n * 10;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(work))).toEqual([10, 20, 30, 40, 50]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(turns.running()).toBe(0);
  });

  it('gives the turn back when the work fails', async () => {
    const turns = takingTurns(1);
    const failing = turns.run(async () => {
      await tick();
      throw new Error('broken');
    });
    const next = turns.run(async () => 'ran');
    await expect(failing).rejects.toThrow('broken');
    await expect(next).resolves.toBe('ran');
    expect(turns.running()).toBe(0);
  });

  it('refuses at once what would wait behind maxWaiting others, and queues again once the line is shorter', async () => {
    const turns = takingTurns(1, { maxWaiting: 2, whenFull: () => new Error('busy') });
    let release!: () => void;
    const first = turns.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const waiting = [turns.run(async () => 'second'), turns.run(async () => 'third')];
    await expect(turns.run(async () => 'fourth')).rejects.toThrow('busy');
    expect(turns.running()).toBe(1);
    release();
    expect(await Promise.all([first, ...waiting])).toEqual(['first', 'second', 'third']);
    await expect(turns.run(async () => 'fifth')).resolves.toBe('fifth');
    expect(turns.running()).toBe(0);
  });
});

