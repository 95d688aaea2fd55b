import { useDictionary } from './use-dictionary';

/** "Try again" under an error answer (issue 17): repeats what failed. */
export function TryAgain({ onRetry, busy = false }: { onRetry: () => void; busy?: boolean }) {
  const text = useDictionary();
  return (
    <p>
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={busy || undefined}
        onClick={() => {
          if (!busy) onRetry();
        }}
      >
        {text('error.tryAgain', 'Try again')}
      </button>
    </p>
  );
}
