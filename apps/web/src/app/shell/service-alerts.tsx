import { memo, useState } from 'react';
import { RichText } from '../../shared/rich-text';
import { useLayout } from '../../shared/layout-context';
import { dictionaryText } from '../../lib/dictionary';
import { focusMain } from '../../lib/focus';
import { CloseIcon } from './icons';

type ClosedAlerts = { pageName: string; hashes: readonly string[] };

/**
 * Service alerts of the layout (spec 1 §2): HTML text, type default warning,
 * each closable. A closed alert is remembered for the current view only: the
 * closed list belongs to a page name and is void once the page changes.
 */
export const ServiceAlerts = memo(function ServiceAlerts({ pageName }: { pageName: string }) {
  const layout = useLayout();
  const [closed, setClosed] = useState<ClosedAlerts>({ pageName, hashes: [] });
  const closedHere = closed.pageName === pageName ? closed.hashes : [];
  const visible = layout.headerAlerts.filter((alert) => !closedHere.includes(alert.hash));
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
              setClosed({ pageName, hashes: [...closedHere, alert.hash] });
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
