import { useState } from 'react';
import { wordMessage } from '@club/contract/message-catalogue';
import { submitFailed } from '../../lib/api-error';
import { useLayout } from '../../shared/layout-context';
import { pagePath } from '../../shared/paths';
import { dictionaryText } from '../../lib/dictionary';
import { ModalDialog } from './modal-dialog';

/**
 * The terms dialog (spec 1 §2, spec 2 §4 "Terms gate"): the terms were
 * updated, a link to them in a new tab, and Ok, which records the approval.
 * It closes when the member's acceptance arrives; a failed call keeps it
 * open with the submit error.
 */
export function TermsDialog({ onApprove }: { onApprove: () => Promise<void> }) {
  const layout = useLayout();
  const text = (key: string, fallback: string) => dictionaryText(layout.dictionary, key, fallback);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const approve = async () => {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      await onApprove();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  return (
    <ModalDialog labelledBy="terms-dialog-title">
      <h2 id="terms-dialog-title">{text('termsDialog.title', 'Terms and Conditions')}</h2>
      <p>
        {text(
          'termsDialog.text',
          'Our terms and conditions have been updated. Please read them and confirm with Ok to continue.',
        )}
      </p>
      <p>
        <a
          href={pagePath(layout, 'terms-and-conditions')}
          target="_blank"
          rel="noopener noreferrer"
        >
          {text('termsDialog.link', 'Read the terms and conditions')}
          <span className="visually-hidden"> ({text('footer.newTab', 'opens in a new tab')})</span>
        </a>
      </p>
      {failed ? (
        <p className="alert alert--danger modal__error" role="alert">
          {wordMessage({ key: submitFailed }, layout.dictionary)}
        </p>
      ) : null}
      <div className="modal__actions">
        <button
          type="button"
          className="button"
          aria-disabled={busy}
          onClick={() => void approve()}
        >
          {text('termsDialog.ok', 'Ok')}
        </button>
      </div>
    </ModalDialog>
  );
}
