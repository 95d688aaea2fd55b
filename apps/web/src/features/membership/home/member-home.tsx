import { useCommonState } from '../../../app/common-state';
import type { ScreenProps } from '../../../app/page-registry';
import { useReloadWhenLoggedOut } from '../../../app/user/use-session';
import { errorMessages } from '../../../lib/api-error';
import { useDictionary } from '../../../lib/use-dictionary';
import '../membership.css';

/**
 * The member home on `home` for a stored session.
 *
 * Placeholder of the points issue, which replaces it with the real member
 * home (points status panel, "Spend my points"); until then a member is
 * welcomed by first name.
 */
export function MemberHome(_props: ScreenProps) {
  const { user, userCheckError } = useCommonState();
  const text = useDictionary();
  useReloadWhenLoggedOut();

  if (user === null)
    return userCheckError ? (
      <section className="container membership" aria-labelledby="member-home-title">
        <h1 id="member-home-title" className="visually-hidden">
          {text('memberHome.title', 'Your club')}
        </h1>
        <p className="alert alert--danger" role="alert">
          {text('error.servicesUnavailable', errorMessages.unavailable)}
        </p>
      </section>
    ) : null;
  return (
    <section className="container membership" aria-labelledby="member-home-title">
      <h1 id="member-home-title">
        {text('memberHome.welcome', 'Welcome, {firstName}!').replace('{firstName}', user.firstName)}
      </h1>
      <p>
        {text(
          'memberHome.text',
          'Every air, hotel, car or rail segment you book earns points that you can redeem for gifts.',
        )}
      </p>
    </section>
  );
}
