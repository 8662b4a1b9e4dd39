import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A form resolver whose schema loads after the form is on screen. The booking forms' schemas bring zod,
 * and on a phone's network the form would paint only once zod had arrived.
 * `preload` starts the load as the form mounts; a check made before it arrives waits for it, and a load
 * that failed is tried again at the next check.
 */
export function lazyFormResolver<S extends z.ZodType, V extends FieldValues = z.input<S> & FieldValues>(loadSchema: () => Promise<S>) {
  let loading: Promise<Resolver<V, unknown, z.output<S>>> | undefined;
  const load = () =>
    (loading ??= Promise.all([loadSchema(), import('./form-resolver')]).then(
      ([schema, { formResolver }]) => formResolver<S, V>(schema),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const resolver: Resolver<V, unknown, z.output<S>> = async (values, context, options) => (await load())(values, context, options);
  const preload = () => {
    load().catch(() => undefined);
  };
  return { resolver, preload };
}
