import { useEffect } from 'react';
import { DeleteConfirmAnswerSchema } from '@club/contract/account-pages';
import type { ScreenProps } from '../../../shared/screens';
import { useEndSession } from '../../../shared/user/use-session';
import { loadMessageFormat, useWording } from '../../../shared/wording';
import { useDictionary } from '../../../shared/use-dictionary';
import { usePostOnOpen } from '../api/use-post-on-open';
import { FormAlert } from '../../../shared/forms/fields';
import { ScreenFrame } from '../../../shared/forms/screen-frame';

/**
 * Delete confirm (spec 1 §2, members only): the page posts the link's token
 * on open. Errors show as a list titled 'Error'; success tells that the
 * account is deleted within linkLifeTime days, with the reactivation link.
 * The server ended every session of the member: this one ends too.
 */
export function DeleteConfirmScreen({ page }: ScreenProps) {
  const text = useDictionary();
  const wording = useWording();
  const endSession = useEndSession();
  const confirm = usePostOnOpen(page, DeleteConfirmAnswerSchema);
  const answer = confirm.status === 'done' ? confirm.answer : undefined;
  const deleted = answer !== undefined && answer.errorMessageList.length === 0;
  const title = page.title.trim() || text('profileDelete.title', 'Delete your account');

  useEffect(() => {
    if (deleted) endSession();
  }, [deleted, endSession]);

  let body;
  if (confirm.status === 'pending') {
    body = <p role="status">{text('deleteConfirm.checking', 'Deleting your account…')}</p>;
  } else if (confirm.status === 'error') {
    // The generic submit error is in the page's error banner.
    body = null;
  } else if (answer && deleted) {
    body = (
      <>
        <p className="alert alert--success" role="status">
          {wording.text(
            'deleteConfirm.deleted',
            'Your account will be deleted. Your data is kept for {days, plural, one {# day} other {# days}}; until then you can reactivate your account.',
            { days: answer.linkLifeTime },
          )}
        </p>
        {answer.actionLink !== '' ? (
          <p>
            <a href={answer.actionLink}>
              {text('deleteConfirm.reactivate', 'Reactivate my account')}
            </a>
          </p>
        ) : null}
      </>
    );
  } else {
    body = (
      <FormAlert
        title={text('form.error', 'Error')}
        messages={answer?.errorMessageList.map((item) => item.errorMessage) ?? []}
      />
    );
  }

  return (
    <ScreenFrame id="delete-confirm-title" title={title}>
      {body}
    </ScreenFrame>
  );
}

// Counts are worded with plural forms: the formatter comes before the first paint.
DeleteConfirmScreen.prefetch = loadMessageFormat;
