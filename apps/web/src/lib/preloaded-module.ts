/**
 * A module kept out of the first script (decision 004) that the page loader
 * fetches in parallel with the layout and the page: `load` starts it once (a
 * failed chunk load may be retried by the next caller), `current` answers it
 * synchronously once it is there.
 */
export function preloadedModule<T>(importer: () => Promise<T>) {
  let loaded: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    load: (): Promise<T> => {
      loading ??= importer().then((value) => (loaded = value));
      loading.catch(() => (loading = undefined));
      return loading;
    },
    current: (): T | undefined => loaded,
  };
}
