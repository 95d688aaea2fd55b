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
import { Router, type NavigationType } from 'react-router';
import type { NavigationState, PageNavigator } from './page-navigator';

const NavigatorContext = createContext<PageNavigator<unknown> | null>(null);

/**
 * React Router's declarative `<Router>` on a page navigator: links and
 * location hooks work as usual, and the shown location changes in a
 * transition, together with what `onChange` sets, once its view is loaded.
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
      <Router
        location={state.location}
        navigationType={state.historyAction as NavigationType}
        navigator={navigator.routerNavigator}
      >
        {children(state)}
      </Router>
    </NavigatorContext>
  );
}

function useNavigator(): PageNavigator<unknown> {
  const navigator = use(NavigatorContext);
  if (!navigator) throw new Error('useNavigate needs a NavigatorRouter around it');
  return navigator;
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
