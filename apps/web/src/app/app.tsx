import type { AppNavigator } from './app-navigator';
import { AppErrorBoundary, AppErrorMessage } from './app-error-boundary';
import { CommonStateProvider } from '../shared/common-state';
import { NavigatorRouter } from '../shared/navigation/navigator-router';
import { usePageChanges } from './page-changes';
import { InitialLoading, PageView } from './page-view';
import type { UserCheckOutcome } from '../shared/user/user-check';

/**
 * The app's providers around the navigator (over a memory history in tests).
 * The query cache is provided by the page view, once the loader has it. The
 * startup user check is shared with the page loader, which waits on it for
 * screens that prefetch a member's data.
 */
export function App({
  navigator,
  userCheck,
}: {
  navigator: AppNavigator;
  userCheck: Promise<UserCheckOutcome>;
}) {
  return (
    <CommonStateProvider userCheck={userCheck}>
      <AppPages navigator={navigator} />
    </CommonStateProvider>
  );
}

function AppPages({ navigator }: { navigator: AppNavigator }) {
  const onChange = usePageChanges();
  return (
    <NavigatorRouter navigator={navigator} onChange={onChange}>
      {({ view, error, loading }) =>
        error !== undefined ? (
          <AppErrorMessage error={error} />
        ) : view === undefined ? (
          <InitialLoading />
        ) : (
          <AppErrorBoundary resetKey={view}>
            <PageView view={view} loading={loading} />
          </AppErrorBoundary>
        )
      }
    </NavigatorRouter>
  );
}
