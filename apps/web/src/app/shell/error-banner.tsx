import { memo } from 'react';
import { RichText } from '../../shared/rich-text';
import { useDictionaryText } from './dictionary-text';
import { focusMain } from '../../lib/focus';
import { CloseIcon } from './icons';

/** The list of HTML error strings in a closable danger alert (spec 1 §2). */
export const ErrorBanner = memo(function ErrorBanner({
  errors,
  onClose,
}: {
  errors: string[];
  onClose: () => void;
}) {
  const closeLabel = useDictionaryText('alert.close', 'Close');
  if (errors.length === 0) return null;
  return (
    <div className="alert alert--danger" role="alert">
      <ul className="alert__text alert__list">
        {errors.map((error, index) => (
          <li key={`${index}-${error}`}>
            <RichText html={error} />
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="alert__close"
        aria-label={closeLabel}
        onClick={() => {
          onClose();
          focusMain();
        }}
      >
        <CloseIcon />
      </button>
    </div>
  );
});
