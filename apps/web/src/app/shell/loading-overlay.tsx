import { useDictionaryText } from './dictionary-text';
import './loading-overlay.css';

/**
 * Loading overlay (spec 1 §2): covers the page while page progress is on; when
 * off it is transparent and lets pointer input through. A visually hidden
 * status tells assistive technology that the page is loading.
 */
export function LoadingOverlay({ active }: { active: boolean }) {
  const label = useDictionaryText('loading', 'Loading…');
  return (
    <>
      <div
        className={active ? 'loading-overlay loading-overlay--active' : 'loading-overlay'}
        data-testid="loading-overlay"
        aria-hidden="true"
      >
        <span className="loading-overlay__spinner" />
      </div>
      <div role="status" className="visually-hidden">
        {active ? label : ''}
      </div>
    </>
  );
}
