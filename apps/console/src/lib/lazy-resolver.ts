import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A resolver whose code (zod and the form's schema) loads when the form first
 * validates: on the first change, blur or submit. The screen paints without
 * evaluating the schema library, the longest task of a form screen's first
 * load. A failed load is tried again at the next validation.
 */
export function lazyResolver<TIn extends FieldValues, TOut>(
  load: () => Promise<Resolver<TIn, unknown, TOut>>,
): Resolver<TIn, unknown, TOut> {
  let loading: Promise<Resolver<TIn, unknown, TOut>> | undefined;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    const resolver = await loading;
    return resolver(values, context, options);
  };
}
