import { describe, expect, it, vi } from 'vitest';
import type { ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { lazyFormResolver } from './lazy-form-resolver';

const schema = z.object({ description: z.string().trim().min(1, 'Please describe your marine repair issue') });
type Values = { description: string };
const options: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };
const check = (resolver: ReturnType<typeof lazyFormResolver<typeof schema, Values>>['resolver'], values: Values) =>
  resolver(values, undefined, options);

describe('lazyFormResolver', () => {
  it('checks with the schema once it has loaded, as the eager resolver does', async () => {
    const { resolver } = lazyFormResolver<typeof schema, Values>(async () => schema);
    const bad = await check(resolver, { description: '  ' });
    expect(bad.errors.description?.message).toBe('Please describe your marine repair issue');
    const good = await check(resolver, { description: ' Bilge pump runs constantly ' });
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ description: 'Bilge pump runs constantly' });
  });

  it('loads the schema once, from preload, however many checks follow', async () => {
    const load = vi.fn(async () => schema);
    const { resolver, preload } = lazyFormResolver<typeof schema, Values>(load);
    expect(load).not.toHaveBeenCalled();
    preload();
    preload();
    await check(resolver, { description: 'Shaft seal drips' });
    await check(resolver, { description: '' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed load again at the next check, and a failed preload rejects nothing', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('network down')).mockResolvedValue(schema);
    const { resolver, preload } = lazyFormResolver<typeof schema, Values>(load);
    preload();
    await expect(check(resolver, { description: 'x' })).rejects.toThrow('network down');
    const retried = await check(resolver, { description: 'Battery dies overnight' });
    expect(retried.errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(2);
  });
});
