import type { createBrowserRouter, RouteObject } from 'react-router';
import { AppErrorBoundary } from './app-error-boundary';
import type { LazyQueryClient } from './lazy-query-client';
import { createPageLoader } from './page-loader';
import { InitialLoading, PageView } from './page-view';
import type { UserCheckOutcome } from './user/user-check';

/** The app's router: a browser router, a memory router in tests. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

/** The id of the catch-all route, whose loader data is the page view. */
export const pageRouteId = 'page';

/**
 * One catch-all route: every path is resolved by the route table of spec 2
 * §2.1 (contract `resolveRoute`) and shown through the page registry.
 */
export function createAppRoutes(
  queries: LazyQueryClient,
  userCheck: Promise<UserCheckOutcome>,
): RouteObject[] {
  return [
    {
      id: pageRouteId,
      path: '*',
      loader: createPageLoader(queries, userCheck),
      Component: PageView,
      HydrateFallback: InitialLoading,
      ErrorBoundary: AppErrorBoundary,
    },
  ];
}
