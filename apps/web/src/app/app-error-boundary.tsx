import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { errorMessages } from '../lib/api-error';
import { logError } from '../lib/error-log';

/**
 * Last resort for an error while rendering a page: the shell itself may be
 * what failed, so this shows the catalogue's message on its own.
 */
export function AppErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    void logError(`${errorMessages.loadUnrecognized}: ${String(error)}`);
  }, [error]);
  return (
    <main className="container">
      <p className="alert alert--danger" role="alert">
        {errorMessages.unavailable}
      </p>
    </main>
  );
}
