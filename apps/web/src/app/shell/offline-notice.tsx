import { memo } from 'react';
import { useOnline } from '../../lib/online-status';
import { useDictionaryText } from './dictionary-text';

/**
 * Tells the visitor the network is gone (issue 17), instead of leaving them
 * with a spinner: a status region, always there so that its text is
 * announced, filled while the browser is offline. Pages that failed to load
 * try again by themselves when the network is back (load-failure.tsx, and
 * TanStack Query's refetch on reconnect).
 */
export const OfflineNotice = memo(function OfflineNotice() {
  const online = useOnline();
  const text = useDictionaryText(
    'error.offline',
    'You are offline. The page will load again as soon as the connection is back.',
  );
  return (
    <div role="status" className="offline-notice">
      {online ? null : <p className="alert">{text}</p>}
    </div>
  );
});
