import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-request';
import { showServerFieldErrors } from './server-field-errors';

function formWith(values: Record<string, unknown>) {
  return { getValues: () => values, setError: vi.fn() } as unknown as Parameters<typeof showServerFieldErrors>[0] & { setError: ReturnType<typeof vi.fn> };
}

const failure = (errors: Record<string, string>) => new ApiError(400, JSON.stringify({ message: 'Please fix the fields', errors }));

describe('showServerFieldErrors', () => {
  it('places the messages of the form\'s own fields, nested paths included, and focuses only the first', () => {
    const form = formWith({ videoRate: '', video: [[], []] });
    const placed = showServerFieldErrors(form, failure({ videoRate: 'Enter a rate', 'video.1.0.to': 'Too late', accountId: 'not ours' }));
    expect(placed).toBe(2);
    expect(form.setError.mock.calls).toEqual([
      ['videoRate', { message: 'Enter a rate' }, { shouldFocus: true }],
      ['video.1.0.to', { message: 'Too late' }, { shouldFocus: false }],
    ]);
  });

  it('places nothing for a failure that is not an API answer or has no field messages', () => {
    const form = formWith({ videoRate: '' });
    expect(showServerFieldErrors(form, new Error('offline'))).toBe(0);
    expect(showServerFieldErrors(form, new ApiError(500, 'Internal'))).toBe(0);
    expect(form.setError).not.toHaveBeenCalled();
  });
});
