import {
  createContext,
  startTransition,
  use,
  useEffectEvent,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import type { NavigationState, PageNavigator } from './page-navigator';
import type { Location } from './path';

const NavigatorContext = createContext<PageNavigator<unknown> | null>(null);
const LocationContext = createContext<Location | null>(null);

/**
 * The page navigator's shown location for links and `useLocation`: it
 * changes in a transition, together with what `onChange` sets, once its view
 * is loaded (decision 007; the club's own router, decision 030).
 */
export function NavigatorRouter<V>({
  navigator,
  onChange,
  children,
}: {
  navigator: PageNavigator<V>;
  /** Called in the same transition as each state change. */
  onChange?: (state: NavigationState<V>) => void;
  children: (state: NavigationState<V>) => ReactNode;
}) {
  const [state, setState] = useState(navigator.state);
  const changed = useEffectEvent((next: NavigationState<V>) => onChange?.(next));
  useLayoutEffect(() => {
    const apply = (next: NavigationState<V>) =>
      startTransition(() => {
        setState(next);
        changed(next);
      });
    // A change between the first render and this effect.
    apply(navigator.state);
    return navigator.subscribe(apply);
  }, [navigator]);
  return (
    <NavigatorContext value={navigator}>
      <LocationContext value={state.location}>{children(state)}</LocationContext>
    </NavigatorContext>
  );
}

function useNavigator(): PageNavigator<unknown> {
  const navigator = use(NavigatorContext);
  if (!navigator) throw new Error('useNavigate needs a NavigatorRouter around it');
  return navigator;
}

/** The location shown (not the one loading). */
export function useLocation(): Location {
  const location = use(LocationContext);
  if (!location) throw new Error('useLocation needs a NavigatorRouter around it');
  return location;
}

/**
 * Navigates to an absolute path (or back and forward with a number). The
 * promise settles once the page is shown, so a form can stay busy until then.
 */
export function useNavigate(): PageNavigator<unknown>['navigate'] {
  return useNavigator().navigate;
}

/** Loads the shown page again (after the session was refused, say). */
export function useRevalidator(): { revalidate: () => Promise<void>; revalidating: boolean } {
  const { revalidate, state } = useNavigator();
  const { revalidating } = state;
  return useMemo(() => ({ revalidate, revalidating }), [revalidate, revalidating]);
}
