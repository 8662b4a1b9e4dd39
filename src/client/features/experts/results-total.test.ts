import { describe, expect, it } from 'vitest';
import { formatTotal } from './results-total';

describe('formatTotal', () => {
  it('shows the count, and the cap with a plus when the server stopped counting', () => {
    expect(formatTotal({ count: 48, capped: false })).toBe('48');
    expect(formatTotal({ count: 1000, capped: true })).toBe('1,000+');
  });
});
