import { describe, expect, it } from 'vitest';
import { formatSavings } from './format-savings';

describe('formatSavings', () => {
  it('shows whole dollars with a dollar sign and thousands separators', () => {
    expect(formatSavings(0)).toBe('$0');
    expect(formatSavings(1250)).toBe('$1,250');
  });

  it('keeps cents rather than rounding them away', () => {
    expect(formatSavings(162.5)).toBe('$162.50');
  });
});
