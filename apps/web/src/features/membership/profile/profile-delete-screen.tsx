import { useState } from 'react';
import { Link } from '../../../shared/navigation/link';
import { useQueryClient } from '@tanstack/react-query';
import { ProfileDeleteAnswerSchema, type ProfileDeletePage } from '@club/contract/account-pages';
import { useLayout } from '../../../shared/layout-context';
import type { ScreenProps } from '../../../shared/screens';
import { pagePath } from '../../../shared/paths';
import { loadMessageFormat, useWording } from '../../../shared/wording';
import { useDictionary } from '../../../shared/use-dictionary';
import { postPageForm, readPageFormAnswer } from '../../../shared/forms/page-form';
import { ScreenFrame } from '../../../shared/forms/screen-frame';
import { useAction } from '../../../shared/forms/use-action';

/**
 * Profile delete (spec 1 §2, members only): 'Delete your account', or
 * 'Deletion Acceptance' once a delete link was sent; the button sends (or
 * resends) the link. The data is kept linkLifeTime days, during which the
 * account can be reactivated; the points are deleted.
 */
export function ProfileDeleteScreen({ page }: ScreenProps) {
  const loaded = page as Partial<ProfileDeletePage>;
  const layout = useLayout();
  const text = useDictionary();
  const wording = useWording();
  const queryClient = useQueryClient();
  const [state, setState] = useState({
    deleteLinkSent: loaded.deleteLinkSent === true,
    linkLifeTime: loaded.linkLifeTime ?? 0,
  });
  const [justSent, setJustSent] = useState(false);
  const send = useAction(async () => {
    const read = readPageFormAnswer(
      ProfileDeleteAnswerSchema,
      await postPageForm(page, layout, {}),
    );
    if (read.kind !== 'ok') return;
    setState(read.answer);
    setJustSent(true);
    // The page's own answer is out of date now.
    void queryClient.invalidateQueries({ queryKey: ['page', page.name] });
  });

  const title = state.deleteLinkSent
    ? text('profileDelete.acceptanceTitle', 'Deletion Acceptance')
    : text('profileDelete.title', 'Delete your account');

  return (
    <ScreenFrame id="profile-delete-title" title={title}>
      {justSent ? (
        <p className="alert alert--success" role="status">
          {text(
            'profileDelete.sent',
            'We have sent you an email with a link to confirm the deletion of your account.',
          )}
        </p>
      ) : null}
      <p>
        {wording.text(
          'profileDelete.retention',
          'After the deletion your data is kept for {days, plural, one {# day} other {# days}}, during which you can reactivate your account. Your points are deleted.',
          { days: state.linkLifeTime },
        )}
      </p>
      {state.deleteLinkSent ? (
        <p>
          {text(
            'profileDelete.linkSent',
            'A confirmation link has been sent to your email address. Open it to delete your account.',
          )}
        </p>
      ) : null}
      <div className="membership__actions">
        <button
          type="button"
          className="button"
          aria-disabled={send.busy || undefined}
          aria-busy={send.busy || undefined}
          onClick={() => void send.run()}
        >
          {state.deleteLinkSent
            ? text('profileDelete.resend', 'Resend confirmation email')
            : text('profileDelete.submit', 'Delete my account')}
        </button>
        <Link to={pagePath(layout, 'profile-update')}>{text('form.cancel', 'Cancel')}</Link>
      </div>
    </ScreenFrame>
  );
}

// Counts are worded with plural forms: the formatter comes before the first paint.
ProfileDeleteScreen.prefetch = loadMessageFormat;
