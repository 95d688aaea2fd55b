import { RouterProvider } from 'react-router';
import { CommonStateProvider } from './common-state';
import { PageChanges } from './page-changes';
import type { AppRouter } from './routes';
import type { UserCheckOutcome } from './user/user-check';

/**
 * The app's providers around the router (a memory router in tests). The query
 * cache is provided by the page view, once the loader has it. The startup
 * user check is shared with the page loader, which waits on it for screens
 * that prefetch a member's data.
 */
export function App({
  router,
  userCheck,
}: {
  router: AppRouter;
  userCheck: Promise<UserCheckOutcome>;
}) {
  return (
    <CommonStateProvider userCheck={userCheck}>
      <PageChanges router={router} />
      <RouterProvider router={router} />
    </CommonStateProvider>
  );
}
