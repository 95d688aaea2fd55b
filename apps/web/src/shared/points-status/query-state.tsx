import { errorMessages } from '../../lib/api-error';
import { TryAgain } from '../try-again';
import { useDictionary } from '../use-dictionary';

/** While a points call runs: a polite status line. */
export function Loading() {
  const text = useDictionary();
  return <p role="status">{text('loading', 'Loading…')}</p>;
}

/**
 * A points call failed: the catalogue's "Services are unavailable" (spec 2
 * §8), and "Try again" when the call can be repeated (`onRetry`).
 */
export function Unavailable({ onRetry }: { onRetry?: () => void }) {
  const text = useDictionary();
  return (
    <>
      <p className="alert alert--danger" role="alert">
        {text('error.servicesUnavailable', errorMessages.unavailable)}
      </p>
      {onRetry ? <TryAgain onRetry={onRetry} /> : null}
    </>
  );
}
