import { createPath, parsePath, type Location, type To } from './path';

/**
 * The session history the page navigator writes to: the browser's, or a list
 * of entries in tests. `listen` hears only back and forward (the navigator
 * makes every other change itself).
 */
export type PageHistory = {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  listen(onPop: (location: Location) => void): () => void;
};

let keys = 0;
const newKey = () => `${Date.now().toString(36)}-${(keys += 1).toString(36)}`;

/** `to` as a location, relative paths resolved against `from`. */
export function toLocation(to: To, from: Location | undefined, state: unknown = null): Location {
  const path = typeof to === 'string' ? parsePath(to) : to;
  let pathname = path.pathname ?? from?.pathname ?? '/';
  if (!pathname.startsWith('/')) {
    pathname = new URL(pathname, `http://x${from?.pathname ?? '/'}`).pathname;
  }
  return { pathname, search: path.search ?? '', hash: path.hash ?? '', state, key: newKey() };
}

type EntryState = { usr: unknown; key: string } | null;

function windowLocation(): Location {
  const entry = window.history.state as EntryState;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

export function createBrowserHistory(): PageHistory {
  const write = (method: 'pushState' | 'replaceState', location: Location) =>
    window.history[method]({ usr: location.state, key: location.key }, '', createPath(location));
  return {
    get location() {
      return windowLocation();
    },
    push: (location) => write('pushState', location),
    replace: (location) => write('replaceState', location),
    go: (delta) => window.history.go(delta),
    listen(onPop) {
      const listener = () => onPop(windowLocation());
      window.addEventListener('popstate', listener);
      return () => window.removeEventListener('popstate', listener);
    },
  };
}

/** A history kept in memory, for tests: `initialEntries` as paths or locations. */
export function createMemoryHistory(
  initialEntries: (string | Partial<Location>)[] = ['/'],
): PageHistory & { readonly entries: Location[]; readonly index: number } {
  const entries = initialEntries.map((entry) =>
    toLocation(entry, undefined, typeof entry === 'string' ? null : (entry.state ?? null)),
  );
  let index = entries.length - 1;
  const listeners = new Set<(location: Location) => void>();
  return {
    get location() {
      return entries[index]!;
    },
    get entries() {
      return entries;
    },
    get index() {
      return index;
    },
    push(location) {
      index += 1;
      entries.splice(index, entries.length, location);
    },
    replace(location) {
      entries[index] = location;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      // Like popstate: heard after the call returns.
      queueMicrotask(() => listeners.forEach((listener) => listener(entries[index]!)));
    },
    listen(onPop) {
      listeners.add(onPop);
      return () => listeners.delete(onPop);
    },
  };
}
