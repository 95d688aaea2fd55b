import { memo, useState } from 'react';
import { RichText } from '../../shared/rich-text';
import { useLayout } from '../../shared/layout-context';
import { dictionaryText } from '../../lib/dictionary';
import { focusMain } from '../../lib/focus';
import { CloseIcon } from './icons';

/** Where the closed alerts' hashes are kept: this tab's session (a new session shows them again). */
const closedAlertsKey = 'closedAlerts';

function readClosed(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(closedAlertsKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((hash) => typeof hash === 'string') : [];
  } catch {
    // Storage refused (a private window) or garbled: nothing is remembered.
    return [];
  }
}

function writeClosed(hashes: readonly string[]): void {
  try {
    sessionStorage.setItem(closedAlertsKey, JSON.stringify(hashes));
  } catch {
    // Storage refused: the alert stays closed on this page only.
  }
}

/**
 * Service alerts of the layout (spec 1 §2): HTML text, type default warning,
 * each closable. A closed alert stays closed for the rest of the session, on
 * every page: a member who closed a notice should not meet it at each click.
 * Alerts are known by their hash, so a changed text shows again.
 */
export const ServiceAlerts = memo(function ServiceAlerts() {
  const layout = useLayout();
  const [closed, setClosed] = useState<readonly string[]>(readClosed);
  const visible = layout.headerAlerts.filter((alert) => !closed.includes(alert.hash));
  if (visible.length === 0) return null;

  const closeLabel = dictionaryText(layout.dictionary, 'alert.close', 'Close');
  return (
    <div className="service-alerts">
      {visible.map((alert) => (
        <div key={alert.hash} className={`alert alert--${alert.type || 'warning'}`}>
          <RichText html={alert.text} className="alert__text" />
          <button
            type="button"
            className="alert__close"
            aria-label={closeLabel}
            onClick={() => {
              const next = [...closed, alert.hash];
              setClosed(next);
              writeClosed(next);
              focusMain();
            }}
          >
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
});
