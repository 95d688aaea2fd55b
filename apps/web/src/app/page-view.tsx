import { useMemo } from 'react';
import { useLocation } from '../shared/navigation/navigator-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { fallbackLayout } from '@club/contract/client-layout';
import { useCommonState } from '../shared/common-state';
import { useDocumentMeta } from './document-meta';
import { LayoutContext } from '../shared/layout-context';
import { usePageChangeAdjustment } from './page-change-adjustment';
import type { PageView as PageViewData } from './page-loader';
import { LoadFailure } from './load-failure';
import { LoadingOverlay } from './shell/loading-overlay';
import { PageShell } from './shell/page-shell';
import type { ShellState } from './shell-types';
import { MemberSessionSlot } from './user/member-session-module';

/**
 * The shown location's page inside the shell, from the page loader; `loading`
 * while the next one loads.
 */
export function PageView({ view, loading }: { view: PageViewData; loading: boolean }) {
  const location = useLocation();
  const common = useCommonState();

  const layout = view.kind === 'page' ? view.layout : fallbackLayout;
  useDocumentMeta(view.kind === 'page' ? view.page.title : '', layout);
  usePageChangeAdjustment(location.pathname, location.hash);

  // The same objects while the next page loads, so that the progress it shows
  // renders the shell's progress alone, not the header and the screen again.
  const { user } = common;
  const member = useMemo(() => user && { firstName: user.firstName, number: user.number }, [user]);
  const { Screen } = view.kind === 'page' ? view : { Screen: undefined };
  const page = view.kind === 'page' ? view.page : undefined;
  const retryByReload = view.kind === 'page' ? view.retryByReload : false;
  const screen = useMemo(
    () => (Screen && page ? <Screen page={page} /> : <LoadFailure byReload={retryByReload} />),
    [Screen, page, retryByReload],
  );

  const state: ShellState = {
    layout,
    pageName: view.kind === 'page' ? view.pageName : '',
    registered: common.user !== null,
    member,
    directAccess: common.user?.isAmadeusDirectUser === true,
    withoutLayout: common.withoutLayout,
    pageProgress: view.kind === 'leaving' || common.pageProgress || !common.userChecked || loading,
    errors: common.errors,
    cleanErrors: common.cleanErrors,
  };
  if (view.kind === 'leaving') return <PageShell state={state}>{null}</PageShell>;
  return (
    <QueryClientProvider client={view.queryClient}>
      <LayoutContext value={layout}>
        <PageShell state={state}>{screen}</PageShell>
        {/* Logout, country follow and the member dialogs. */}
        {state.registered ? <MemberSessionSlot pageName={view.pageName} /> : null}
      </LayoutContext>
    </QueryClientProvider>
  );
}

/** Shown until the first page is loaded: only the loading overlay. */
export function InitialLoading() {
  return <LoadingOverlay active />;
}
