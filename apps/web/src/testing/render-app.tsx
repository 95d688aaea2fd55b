import { render } from '@testing-library/react';
import { App } from '../app/app';
import { lazyQueryClient } from '../app/lazy-query-client';
import { createAppNavigator } from '../app/app-navigator';
import { createMemoryHistory } from '../shared/navigation/page-history';
import { startUserCheck } from '../shared/user/user-check';
import { createQueryClient } from '../lib/query-client';

/** The whole app at `path`, with a memory history and a fresh query cache. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const queries = lazyQueryClient(() => Promise.resolve(queryClient));
  const userCheck = startUserCheck();
  const router = createAppNavigator(createMemoryHistory([path]), queries, userCheck);
  const view = render(<App navigator={router} userCheck={userCheck} />);
  return { ...view, router, queryClient };
}
