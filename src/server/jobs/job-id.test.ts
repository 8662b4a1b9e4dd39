import { describe, expect, it } from 'vitest';
import { jobIdFor } from './job-id.js';

describe('jobIdFor', () => {
  it('gives the same UUID for the same key and different ones for different keys', () => {
    expect(jobIdFor('text:1')).toBe(jobIdFor('text:1'));
    expect(jobIdFor('text:1')).not.toBe(jobIdFor('text:2'));
    expect(jobIdFor('text:1')).not.toBe(jobIdFor('push:1'));
    for (const key of ['text:1', 'push:42:7', '']) {
      expect(jobIdFor(key)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });
});
