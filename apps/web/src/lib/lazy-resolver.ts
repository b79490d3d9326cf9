import type { FieldValues, Resolver } from 'react-hook-form';

type Load<TValues extends FieldValues, TOutput> = () => Promise<
  Resolver<TValues, unknown, TOutput>
>;

/**
 * A react-hook-form resolver whose zod schema, and zod with it (83 KB), arrive on the first
 * validation instead of with the page (zod stays off the first paint). `prefetch`
 * starts the download earlier, when the member first touches the form.
 */
export function lazyResolver<TValues extends FieldValues, TOutput>(load: Load<TValues, TOutput>) {
  let loading: ReturnType<Load<TValues, TOutput>> | null = null;
  const prefetch = () => {
    // A failed download (offline) is forgotten, so the next attempt tries again.
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<TValues, unknown, TOutput> = async (values, context, options) =>
    (await prefetch())(values, context, options);
  return { resolver, prefetch: () => void prefetch().catch(() => undefined) };
}
