import { describe, expect, it } from 'vitest';
import { capitalize } from './text.js';

describe('capitalize', () => {
  it('raises the first letter and leaves the rest as it is', () => {
    expect(capitalize('service report')).toBe('Service report');
    expect(capitalize('iPhone and VHF')).toBe('IPhone and VHF');
    expect(capitalize('')).toBe('');
  });
});
