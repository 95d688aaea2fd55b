import { createPath, type Location, type To } from './path';
import { toLocation, type PageHistory } from './page-history';

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

/** A loader's answer that sends the navigation on: it replaces the current entry. */
export type Redirect = { kind: 'redirect'; to: string };

export function redirectTo(to: string): Redirect {
  return { kind: 'redirect', to };
}

export type NavigationState<V> = {
  /** The location shown: it changes only once its view is loaded. */
  location: Location;
  historyAction: HistoryAction;
  /** The loaded view of `location`; undefined until the first load ends. */
  view: V | undefined;
  /** What the last load threw; the view stays the one before it. */
  error: unknown;
  /** A navigation to another location is loading. */
  loading: boolean;
  /** The shown location is being loaded again (`revalidate`). */
  revalidating: boolean;
};

export type NavigateOptions = { replace?: boolean; state?: unknown };

export type PageNavigator<V> = {
  readonly state: NavigationState<V>;
  subscribe: (listener: (state: NavigationState<V>) => void) => () => void;
  /** Loads `to`, then shows it; settles when it is shown (or superseded). */
  navigate: (to: To | number, options?: NavigateOptions) => Promise<void>;
  /** Loads the shown location (or the one loading) again. */
  revalidate: () => Promise<void>;
};

type Load<V> = (location: Location) => Promise<V | Redirect>;

type Navigation = {
  target: Location;
  action: HistoryAction;
  /** How the history learns of it: nothing for back/forward or a reload. */
  write: 'push' | 'replace' | undefined;
  revalidation: boolean;
};

const maxRedirects = 10;

function isRedirect(value: unknown): value is Redirect {
  return (
    typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'redirect'
  );
}

/** Only the hash differs (or is added): the view stays, nothing is loaded. */
function isHashChangeOnly(from: Location, to: Location): boolean {
  if (from.pathname !== to.pathname || from.search !== to.search) return false;
  if (from.hash === '') return to.hash !== '';
  return from.hash === to.hash || to.hash !== '';
}

/**
 * Page navigation with the data router's order of events: a location's view is loaded first, and the address
 * bar, the history and the shown location change together once it is there.
 * The latest navigation wins; a loader's redirect replaces the current entry.
 */
export function createPageNavigator<V>(
  history: PageHistory,
  load: Load<V>,
  /** When the first location starts loading: at once without it. */
  started?: Promise<void>,
): PageNavigator<V> {
  let state: NavigationState<V> = {
    location: history.location,
    historyAction: 'POP',
    view: undefined,
    error: undefined,
    loading: true,
    revalidating: false,
  };
  const listeners = new Set<(state: NavigationState<V>) => void>();
  let latest = 0;
  let pending: Navigation | undefined;

  function set(changes: Partial<NavigationState<V>>) {
    state = { ...state, ...changes };
    for (const listener of listeners) listener(state);
  }

  function commit(navigation: Navigation, changes: Partial<NavigationState<V>>) {
    pending = undefined;
    if (navigation.write) history[navigation.write](navigation.target);
    set({
      location: navigation.target,
      historyAction: navigation.action,
      loading: false,
      revalidating: false,
      ...changes,
    });
  }

  async function run(navigation: Navigation, redirects = 0): Promise<void> {
    const id = (latest += 1);
    pending = navigation;
    if (
      state.view !== undefined &&
      !navigation.revalidation &&
      isHashChangeOnly(state.location, navigation.target)
    ) {
      commit(navigation, {});
      return;
    }
    if (navigation.revalidation) {
      if (!state.revalidating) set({ revalidating: true });
    } else if (!state.loading) set({ loading: true });
    let result: V | Redirect;
    try {
      result = await load(navigation.target);
    } catch (error) {
      if (id === latest) commit(navigation, { error });
      return;
    }
    if (id !== latest) return;
    if (!isRedirect(result)) {
      commit(navigation, { view: result, error: undefined });
    } else if (redirects >= maxRedirects) {
      commit(navigation, { error: new Error(`too many redirects, last to ${result.to}`) });
    } else {
      const target = toLocation(result.to, navigation.target);
      return run(
        { target, action: 'REPLACE', write: 'replace', revalidation: false },
        redirects + 1,
      );
    }
  }

  function navigate(to: To | number, options: NavigateOptions = {}): Promise<void> {
    if (typeof to === 'number') {
      history.go(to);
      return Promise.resolve();
    }
    const target = toLocation(to, state.location, options.state ?? null);
    // Going to the shown address again replaces its entry, as links do.
    const replace = options.replace === true || createPath(target) === createPath(state.location);
    return run({
      target,
      action: replace ? 'REPLACE' : 'PUSH',
      write: replace ? 'replace' : 'push',
      revalidation: false,
    });
  }

  /** Back, forward or the first location: the history is there already. */
  const pop = (target: Location) =>
    run({ target, action: 'POP', write: undefined, revalidation: false });

  history.listen((target) => void pop(target));
  const loadFirst = () => {
    // Unless a navigation came first.
    if (latest === 0) void pop(state.location);
  };
  if (started) void started.then(loadFirst);
  else loadFirst();

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    navigate,
    revalidate: () =>
      run(
        pending ?? {
          target: state.location,
          action: state.historyAction,
          write: undefined,
          revalidation: true,
        },
      ),
  };
}
