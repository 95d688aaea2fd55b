import { Link } from '../../../shared/navigation/link';
import { EmailConfirmAnswerSchema } from '@club/contract/account-pages';
import { useLayout } from '../../../shared/layout-context';
import type { ScreenProps } from '../../../shared/screens';
import { pagePath } from '../../../shared/paths';
import { productName } from '../../../lib/dictionary';
import { useDictionary } from '../../../shared/use-dictionary';
import { usePostOnOpen } from '../api/use-post-on-open';
import { ScreenFrame } from '../../../shared/forms/screen-frame';
import { LoginLink } from '../forms/login-link';

/**
 * Registration email confirm (spec 1 §2, spec 2 §2.4): the page posts the
 * link's token on open. No errors: welcome and a login link; errors: the
 * invalid-link text with a reconfirm link, or (alreadyActivated) the
 * already-active text with a login link.
 */
export function EmailConfirmScreen({ page }: ScreenProps) {
  const layout = useLayout();
  const text = useDictionary();
  const confirm = usePostOnOpen(page, EmailConfirmAnswerSchema);
  const title = page.title.trim() || text('emailConfirm.title', 'Email confirmation');

  let body;
  if (confirm.status === 'pending') {
    body = <p role="status">{text('emailConfirm.checking', 'Confirming your email address…')}</p>;
  } else if (confirm.status === 'error') {
    // The generic submit error is in the page's error banner.
    body = null;
  } else if (confirm.status === 'done' && confirm.answer.errors.length === 0) {
    body = (
      <>
        <p className="alert alert--success" role="status">
          {text(
            'emailConfirm.welcome',
            'Welcome to the club! Your email address is confirmed and your account is active.',
          )}
        </p>
        <LoginLink />
      </>
    );
  } else if (confirm.status === 'done' && confirm.answer.alreadyActivated) {
    body = (
      <>
        <p className="alert alert--info" role="status">
          {text(
            'emailConfirm.alreadyActive',
            `Your ${productName(layout.dictionary)} account is already active!`,
          )}
        </p>
        <LoginLink />
      </>
    );
  } else {
    body = (
      <>
        <p className="alert alert--danger" role="alert">
          {text('link.invalid', 'Sorry for the inconvenience. The link is not valid any more.')}
        </p>
        <p>
          <Link to={pagePath(layout, 'reconfirm')}>
            {text('emailConfirm.reconfirm', 'Send me a new confirmation link')}
          </Link>
        </p>
      </>
    );
  }

  return (
    <ScreenFrame id="email-confirm-title" title={title}>
      {body}
    </ScreenFrame>
  );
}
