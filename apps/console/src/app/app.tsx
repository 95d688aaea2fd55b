import { Suspense, lazy, useEffect, useState } from 'react';
import { createBrowserRouter, Route, RouterProvider, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StaffApiError } from '../lib/staff-api';
import { StaffSessionProvider, hasRole, useStaffSession } from '../lib/staff-session';
import { UnsavedChangesGuard } from '../lib/unsaved-changes';
import { consoleAreas } from './console-areas';
import { loginScreen } from './login-screen-chunk';
import { OverviewScreen } from './overview-screen';
import { Shell } from './shell';

function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Staff look at live data: refetch when they come back to the tab, never retry a refusal.
        retry: (count, error) =>
          !(error instanceof StaffApiError && error.status < 500) && count < 2,
        staleTime: 5_000,
      },
    },
  });
}

// The setup link's screen works without a session; its QR code's library loads with it only.
const SetupScreen = lazy(() => import('../features/setup/setup-screen'));

function Screens() {
  const { state } = useStaffSession();
  if (state.kind === 'checking') return <p role="status">Loading…</p>;
  if (state.kind === 'signed-out') {
    return (
      <Routes>
        {/* Paths that work without a session (the setup link) go here. */}
        <Route
          path="setup"
          element={
            <Suspense fallback={<p role="status">Loading…</p>}>
              <SetupScreen />
            </Suspense>
          }
        />
        <Route
          path="*"
          element={
            <Suspense fallback={<p role="status">Loading…</p>}>
              <loginScreen.screen ended={state.ended} />
            </Suspense>
          }
        />
      </Routes>
    );
  }
  const areas = consoleAreas.filter(
    (area) => area.roles === undefined || hasRole(state.staff, area.roles),
  );
  return (
    <UnsavedChangesGuard>
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<OverviewScreen />} />
          {areas.map((area) => (
            <Route key={area.path} path={`${area.path}/*`} element={<area.screen />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </UnsavedChangesGuard>
  );
}

function NotFound() {
  return (
    <>
      <h1>Not found</h1>
      <p>There is no such page in the console.</p>
    </>
  );
}

/**
 * The data router under /staff: one route that renders the screens, whose
 * areas keep their own nested routes. A data router is what lets a form with
 * unsaved changes hold a navigation (`useBlocker`, lib/unsaved-changes.tsx).
 */
const newRouter = () =>
  createBrowserRouter([{ path: '*', element: <Screens /> }], { basename: '/staff' });

/** The staff console: session, query cache, router under /staff. */
export function App() {
  const [queryClient] = useState(newQueryClient);
  const [router] = useState(newRouter);
  // A router listens to the window's history: a console rendered again (a test) starts a new one.
  useEffect(() => () => router.dispose(), [router]);
  return (
    <QueryClientProvider client={queryClient}>
      <StaffSessionProvider>
        <RouterProvider router={router} />
      </StaffSessionProvider>
    </QueryClientProvider>
  );
}
