import { RouterProvider, type createBrowserRouter } from 'react-router';
import { CommonStateProvider } from './common-state';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The app's providers around the router (a memory router in tests). The query
 * cache is provided by the page view, once the loader has it.
 */
export function App({ router }: { router: Router }) {
  return (
    <CommonStateProvider>
      <RouterProvider router={router} />
    </CommonStateProvider>
  );
}
