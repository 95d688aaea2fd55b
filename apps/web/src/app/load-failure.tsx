import { useEffect, useEffectEvent } from 'react';
import { useRevalidator } from '../shared/navigation/navigator-router';
import { TryAgain } from '../shared/try-again';
import { isOnline, whenBackOnline } from '../lib/online-status';

/**
 * In place of a page that could not be loaded (its error is in the banner):
 * "Try again" loads it again, and so does the network coming back. When a
 * chunk of the app failed (`byReload`), the browser keeps that failure for
 * the document, so trying again reloads it; offline, a reload would only
 * show the browser's own error page, so the page loader runs again instead.
 */
export function LoadFailure({ byReload = false }: { byReload?: boolean }) {
  const { revalidate, revalidating } = useRevalidator();
  const retry = () => {
    if (byReload && isOnline()) window.location.reload();
    else void revalidate();
  };
  const onBack = useEffectEvent(retry);
  useEffect(() => whenBackOnline(onBack), []);
  return (
    <div className="container">
      <TryAgain onRetry={retry} busy={revalidating} />
    </div>
  );
}
