import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app';
import { lazyQueryClient } from '../app/lazy-query-client';
import { createAppRoutes } from '../app/routes';
import { startUserCheck } from '../app/user/user-check';
import { createQueryClient } from '../lib/query-client';

/** The whole app at `path`, with a memory router and a fresh query cache. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const queries = lazyQueryClient(() => Promise.resolve(queryClient));
  const userCheck = startUserCheck();
  const router = createMemoryRouter(createAppRoutes(queries, userCheck), {
    initialEntries: [path],
  });
  const view = render(<App router={router} userCheck={userCheck} />);
  return { ...view, router, queryClient };
}
