import type { QueryClient } from '@tanstack/react-query';

/**
 * The query cache, loaded after start-up so that TanStack Query's core stays
 * out of the initial bundle. `current` is set once it is there; `ready`
 * settles then.
 */
export type LazyQueryClient = { current: QueryClient | undefined; ready: Promise<QueryClient> };

export function lazyQueryClient(
  load: () => Promise<QueryClient> = () =>
    import('../lib/query-client').then((module) => module.createQueryClient()),
): LazyQueryClient {
  const ref: LazyQueryClient = { current: undefined, ready: Promise.resolve(undefined as never) };
  ref.ready = load().then((client) => (ref.current = client));
  return ref;
}
