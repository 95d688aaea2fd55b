import { Link } from '../../../shared/navigation/link';
import { useLocation } from '../../../shared/navigation/navigator-router';
import { useCommonState } from '../../../shared/common-state';
import { useLayout } from '../../../shared/layout-context';
import type { ScreenProps } from '../../../shared/screens';
import { pagePath } from '../../../shared/paths';
import { RichText } from '../../../shared/rich-text';
import { useDictionary } from '../../../shared/use-dictionary';
import { ScreenFrame } from '../../../shared/forms/screen-frame';
import { LeftToRight } from '../../../shared/left-to-right';
import { RemarkCard } from '../../../shared/remark-card/remark-card';
import { LoginLink } from '../forms/login-link';

/**
 * The navigation state registration leaves: the member number, which a member
 * who must confirm their email first (no session, no user) needs to log in.
 */
export type RegistrationSuccessState = { memberNumber: string };

function memberNumberOf(state: unknown): string | undefined {
  const number = (state as Partial<RegistrationSuccessState> | null)?.memberNumber;
  return typeof number === 'string' && number !== '' ? number : undefined;
}

/**
 * Registration success (spec 1 §2): with double opt-in, the accepted message,
 * the member number of the member just registered and a link to resend the
 * confirmation email; otherwise the member number, or a link to login. A
 * custom page text replaces them. Whenever the new member's number is known,
 * the booking remark card follows: how to earn from the first booking on.
 */
export function RegistrationSuccessScreen({ page }: ScreenProps) {
  const layout = useLayout();
  const text = useDictionary();
  const { user } = useCommonState();
  const registeredNumber = memberNumberOf(useLocation().state);
  const title = page.title.trim() || text('registrationSuccess.title', 'Thank you for registering');

  let body;
  if (page.text.trim() !== '')
    body = <RichText html={page.text} className="membership__rich-text" />;
  else if (layout.doubleOpt)
    body = (
      <>
        <p className="alert alert--success" role="status">
          {text(
            'registrationSuccess.accepted',
            'Your registration has been accepted. We have sent you an email with a link to confirm your address; your account is active once it is confirmed.',
          )}
        </p>
        {registeredNumber !== undefined ? (
          <>
            <p>
              {text(
                'registrationSuccess.memberNumber',
                'Your member number, for logging in once your email address is confirmed:',
              )}
            </p>
            <p className="membership__member-number">
              <LeftToRight>{registeredNumber}</LeftToRight>
            </p>
          </>
        ) : null}
        <p>
          <Link to={pagePath(layout, 'reconfirm')}>
            {text('registrationSuccess.resend', 'Resend the confirmation email')}
          </Link>
        </p>
      </>
    );
  else if (user !== null)
    body = (
      <>
        <p>
          {text(
            'registrationSuccess.registered',
            'You are now a member of the club. Your member number:',
          )}
        </p>
        <p className="membership__member-number">
          <LeftToRight>{user.number}</LeftToRight>
        </p>
      </>
    );
  else
    body = (
      <>
        <p>{text('registrationSuccess.done', 'Your registration is complete.')}</p>
        <LoginLink />
      </>
    );

  const memberNumber = registeredNumber ?? user?.number;
  return (
    <ScreenFrame id="registration-success-title" title={title}>
      {body}
      {memberNumber !== undefined ? <RemarkCard memberNumber={memberNumber} /> : null}
    </ScreenFrame>
  );
}
