import { RestoreConfirmAnswerSchema } from '@club/contract/account-pages';
import type { ScreenProps } from '../../../shared/screens';
import { useDictionary } from '../../../shared/use-dictionary';
import { useMessageWording } from '../../../shared/use-message-wording';
import { usePostOnOpen } from '../api/use-post-on-open';
import { FormAlert } from '../../../shared/forms/fields';
import { ScreenFrame } from '../../../shared/forms/screen-frame';
import { LoginLink } from '../forms/login-link';

/**
 * Restore confirm (spec 1 §2, spec 2 §2.4): the page posts the link's token
 * on open. Success: 'Account successfully restored!' with a login link;
 * otherwise 'Already restored!' (alreadyActivated) or 'Error', with the list.
 * The answer carries its headline in `errors` and, for a used link, again in
 * `errorMessageList`: the headline is the alert's title, so the list leaves it out.
 */
export function RestoreConfirmScreen({ page }: ScreenProps) {
  const text = useDictionary();
  const word = useMessageWording();
  const restore = usePostOnOpen(page, RestoreConfirmAnswerSchema);
  const title = page.title.trim() || text('restore.title', 'Restore your account');

  let body;
  if (restore.status === 'pending') {
    body = <p role="status">{text('restoreConfirm.checking', 'Restoring your account…')}</p>;
  } else if (restore.status === 'error') {
    // The generic submit error is in the page's error banner.
    body = null;
  } else if (restore.status === 'done' && restore.answer.errors.length === 0) {
    body = (
      <>
        <p className="alert alert--success" role="status">
          {text('restoreConfirm.success', 'Account successfully restored!')}
        </p>
        <LoginLink />
      </>
    );
  } else {
    const answer = restore.status === 'done' ? restore.answer : undefined;
    const alreadyRestored = answer?.alreadyActivated === true;
    const title = alreadyRestored
      ? text('restoreConfirm.alreadyRestored', 'Already restored!')
      : text('form.error', 'Error');
    const headlines = new Set([title, ...(answer?.errors ?? []).map(word)]);
    const messages = (answer?.errorMessageList ?? [])
      .map((item) => item.errorMessage)
      .filter((message) => !headlines.has(word(message)));
    body = (
      <>
        <FormAlert
          title={title}
          messages={messages}
          tone={alreadyRestored ? 'success' : 'danger'}
        />
        {alreadyRestored ? <LoginLink /> : null}
      </>
    );
  }

  return (
    <ScreenFrame id="restore-confirm-title" title={title}>
      {body}
    </ScreenFrame>
  );
}
