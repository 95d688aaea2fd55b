import { useEffect } from 'react';
import { EmailChangeConfirmAnswerSchema } from '@club/contract/account-pages';
import type { ScreenProps } from '../../../shared/screens';
import { useEndSession } from '../../../shared/user/use-session';
import { useDictionary } from '../../../shared/use-dictionary';
import { usePostOnOpen } from '../api/use-post-on-open';
import { FormAlert } from '../../../shared/forms/fields';
import { LoginLink } from '../forms/login-link';
import { ScreenFrame } from '../../../shared/forms/screen-frame';

/**
 * The page of the link mailed to a new email address: it posts the link's
 * token on open. Success: the address is the member's now and the server
 * ended every session, this browser's too, so the screen forgets its session
 * and leads to the login. Otherwise the error list (an invalid link, or an
 * address another member took meanwhile).
 */
export function EmailChangeConfirmScreen({ page }: ScreenProps) {
  const text = useDictionary();
  const endSession = useEndSession();
  const confirm = usePostOnOpen(page, EmailChangeConfirmAnswerSchema);
  const changed = confirm.status === 'done' && confirm.answer.emailChanged;
  const title = page.title.trim() || text('emailChange.title', 'Confirm your new email address');

  useEffect(() => {
    if (changed) endSession();
  }, [changed, endSession]);

  let body;
  if (confirm.status === 'pending') {
    body = (
      <p role="status">{text('emailChange.checking', 'Confirming your new email address…')}</p>
    );
  } else if (confirm.status === 'error') {
    // The generic submit error is in the page's error banner.
    body = null;
  } else if (changed) {
    body = (
      <>
        <p className="alert alert--success" role="status">
          {text(
            'emailChange.done',
            'Your new email address is confirmed. For your security you have been logged out everywhere: please log in again.',
          )}
        </p>
        <LoginLink />
      </>
    );
  } else {
    const messages =
      confirm.status === 'done'
        ? confirm.answer.errors
        : [text('link.invalid', 'Sorry for the inconvenience. The link is not valid any more.')];
    body = <FormAlert title={text('form.error', 'Error')} messages={messages} tone="danger" />;
  }

  return (
    <ScreenFrame id="email-change-confirm-title" title={title}>
      {body}
    </ScreenFrame>
  );
}
