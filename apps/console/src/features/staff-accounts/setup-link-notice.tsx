import { useEffect, useRef, useState } from 'react';
import type { StaffSetupLink } from '@club/contract/staff-accounts';
import { formatMoment } from '../../lib/english-format';

/**
 * The setup link to hand over, shown once (the server keeps only its hash;
 * a new account's was also mailed to its owner):
 * focused when it appears so that a screen reader reads it.
 */
export function SetupLinkNotice({
  email,
  link,
  mailedTo,
  onDismiss,
}: {
  email: string;
  link: StaffSetupLink;
  /** Where the server mailed the link (a new account); undefined: it was not mailed. */
  mailedTo?: string | undefined;
  onDismiss: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [link.setupLink]);
  const until = formatMoment(link.expiresAt);
  return (
    <div ref={ref} tabIndex={-1} className="success setup-link" aria-labelledby="setup-link-title">
      {mailedTo === undefined ? (
        <p id="setup-link-title">
          Setup link for <strong>{email}</strong>: hand it over now, it is shown only once. It works
          once, until {until}.
        </p>
      ) : (
        <p id="setup-link-title">
          Setup link for <strong>{email}</strong>: it was mailed to {mailedTo}. It is shown here
          only once, to hand over if the mail does not arrive. It works once, until {until}.
        </p>
      )}
      <p>
        <code className="setup-link-text" data-testid="setup-link">
          {link.setupLink}
        </code>
      </p>
      <p className="setup-link-actions">
        <button
          type="button"
          className="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(link.setupLink).then(() => setCopied(true))
          }
        >
          Copy link
        </button>
        <button type="button" className="secondary" onClick={onDismiss}>
          Done
        </button>
        <span role="status" className="hint">
          {copied ? 'Copied.' : ''}
        </span>
      </p>
    </div>
  );
}
