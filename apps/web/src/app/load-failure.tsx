import { useEffect } from 'react';
import { useRevalidator } from '../shared/navigation/navigator-router';
import { TryAgain } from '../shared/try-again';
import { whenBackOnline } from '../lib/online-status';

/**
 * In place of a page that could not be loaded (its error is in the banner):
 * "Try again" loads it again, and so does the network coming back.
 */
export function LoadFailure() {
  const { revalidate, revalidating } = useRevalidator();
  useEffect(() => whenBackOnline(() => void revalidate()), [revalidate]);
  return (
    <div className="container">
      <TryAgain onRetry={() => void revalidate()} busy={revalidating} />
    </div>
  );
}
