import { useCallback, useRef } from 'react';
import { applyWithoutLayoutQuery, useCommonState } from '../shared/common-state';
import type { AppNavigator } from './app-navigator';

/**
 * Page change (spec 1 §4): a new page's load errors replace the old ones and
 * page progress stops; a `withoutLayout` query sets the mode. Called in the
 * navigator's own transition, so that a new page renders once, with them
 * (not a second time from an effect).
 */
export function usePageChanges(): (state: AppNavigator['state']) => void {
  const { pageChanged, setWithoutLayout } = useCommonState();
  const shown = useRef<unknown>(undefined);
  return useCallback(
    (state) => {
      const { view } = state;
      if (state.loading || view === undefined || view === shown.current) return;
      shown.current = view;
      if (view.kind !== 'page') return;
      pageChanged(view.errors);
      const withoutLayout = applyWithoutLayoutQuery(state.location.search);
      if (withoutLayout !== undefined) setWithoutLayout(withoutLayout);
    },
    [pageChanged, setWithoutLayout],
  );
}
