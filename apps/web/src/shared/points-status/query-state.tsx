import { errorMessages } from '../../lib/api-error';
import { useDictionary } from '../use-dictionary';

/** While a points call runs: a polite status line. */
export function Loading() {
  const text = useDictionary();
  return <p role="status">{text('loading', 'Loading…')}</p>;
}

/** A points call failed: the catalogue's "Services are unavailable" (spec 2 §8). */
export function Unavailable() {
  const text = useDictionary();
  return (
    <p className="alert alert--danger" role="alert">
      {text('error.servicesUnavailable', errorMessages.unavailable)}
    </p>
  );
}
