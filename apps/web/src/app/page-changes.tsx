import { startTransition, useLayoutEffect } from 'react';
import { applyWithoutLayoutQuery, useCommonState } from './common-state';
import type { PageView } from './page-loader';
import { pageRouteId, type AppRouter } from './routes';

/**
 * Page change (spec 1 §4): a new page's load errors replace the old ones and
 * page progress stops; a `withoutLayout` query sets the mode. Told to the
 * common state in the same transition as the router's own update, so that a
 * new page renders once, with them (not a second time from an effect).
 */
export function PageChanges({ router }: { router: AppRouter }) {
  const { pageChanged, setWithoutLayout } = useCommonState();
  useLayoutEffect(() => {
    let shown: unknown;
    const onRouterState = (state: AppRouter['state']) => {
      const view = state.loaderData[pageRouteId] as PageView | undefined;
      if (state.navigation.state !== 'idle' || view === undefined || view === shown) return;
      shown = view;
      if (view.kind !== 'page') return;
      startTransition(() => {
        pageChanged(view.errors);
        const withoutLayout = applyWithoutLayoutQuery(state.location.search);
        if (withoutLayout !== undefined) setWithoutLayout(withoutLayout);
      });
    };
    onRouterState(router.state);
    return router.subscribe(onRouterState);
  }, [router, pageChanged, setWithoutLayout]);
  return null;
}
