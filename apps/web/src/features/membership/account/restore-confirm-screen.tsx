import { Link } from 'react-router';
import { RestoreConfirmAnswerSchema } from '@club/contract/account-pages';
import { useLayout } from '../../../app/layout-context';
import type { ScreenProps } from '../../../app/page-registry';
import { pagePath } from '../../../app/paths';
import { useDictionary } from '../../../lib/use-dictionary';
import { usePostOnOpen } from '../api/use-post-on-open';
import { FormAlert } from '../forms/fields';
import { ScreenFrame } from '../forms/screen-frame';

/**
 * Restore confirm (spec 1 §2, spec 2 §2.4): the page posts the link's token
 * on open. Success: 'Account successfully restored!' with a login link;
 * otherwise 'Already restored!' (alreadyActivated) or 'Error', with the list.
 */
export function RestoreConfirmScreen({ page }: ScreenProps) {
  const layout = useLayout();
  const text = useDictionary();
  const restore = usePostOnOpen(page, RestoreConfirmAnswerSchema);
  const title = page.title.trim() || text('restore.title', 'Restore your account');
  const loginLink = (
    <p>
      <Link className="button" to={pagePath(layout, 'login')}>
        {text('form.login', 'Log in')}
      </Link>
    </p>
  );

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
        {loginLink}
      </>
    );
  } else {
    const answer = restore.status === 'done' ? restore.answer : undefined;
    const alreadyRestored = answer?.alreadyActivated === true;
    body = (
      <>
        <FormAlert
          title={
            alreadyRestored
              ? text('restoreConfirm.alreadyRestored', 'Already restored!')
              : text('form.error', 'Error')
          }
          messages={answer?.errorMessageList.map((item) => item.errorMessage) ?? []}
          tone={alreadyRestored ? 'success' : 'danger'}
        />
        {alreadyRestored ? loginLink : null}
      </>
    );
  }

  return (
    <ScreenFrame id="restore-confirm-title" title={title}>
      {body}
    </ScreenFrame>
  );
}
