import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * zodResolver for a form whose values are what the controls hold ('12' from a select, '' for no boat
 * type yet). The shared schema checks and coerces exactly those; its input type is wider or narrower
 * than the controls' text, which TypeScript cannot relate, hence the one cast here.
 */
export function formResolver<V extends FieldValues, S extends z.ZodType>(schema: S): Resolver<V, unknown, z.output<S>> {
  return zodResolver(schema as never) as unknown as Resolver<V, unknown, z.output<S>>;
}
