import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { App } from '../app/app';
import { lazyQueryClient } from '../app/lazy-query-client';
import { createAppRoutes } from '../app/routes';
import { createQueryClient } from '../lib/query-client';

/** The whole app at `path`, with a memory router and a fresh query cache. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  const queries = lazyQueryClient(() => Promise.resolve(queryClient));
  const router = createMemoryRouter(createAppRoutes(queries), { initialEntries: [path] });
  const view = render(<App router={router} />);
  return { ...view, router, queryClient };
}
