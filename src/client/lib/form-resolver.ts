import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * The one way a form checks its values: react-hook-form with the shared schema from src/common, the one
 * the server checks the request with (lazyFormResolver loads it after the form has painted).
 *
 * `V` is what the controls hold ('12' from a select, '' for no boat type yet) when that differs from the
 * schema's input. The schema checks and coerces exactly those; its input type is wider or narrower than
 * the controls' text, which TypeScript cannot relate, hence the one cast here.
 */
export function formResolver<S extends z.ZodType, V extends FieldValues = z.input<S> & FieldValues>(schema: S): Resolver<V, unknown, z.output<S>> {
  return zodResolver(schema as never) as unknown as Resolver<V, unknown, z.output<S>>;
}
