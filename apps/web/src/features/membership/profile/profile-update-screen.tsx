import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from '../../../shared/navigation/link';
import type { ProfileUpdatePage } from '@club/contract/account-pages';
import { useCommonState } from '../../../shared/common-state';
import { useLayout } from '../../../shared/layout-context';
import type { ScreenProps } from '../../../shared/screens';
import { pagePath } from '../../../shared/paths';
import { checkUser } from '../../../shared/user/user-check';
import { useReloadWhenLoggedOut } from '../../../shared/user/use-session';
import { isApiError } from '../../../lib/api-error';
import { httpClient } from '../../../lib/http-client';
import { useDictionary } from '../../../shared/use-dictionary';
import { LeftToRight } from '../../../shared/left-to-right';
import { fillNodes } from '../../../shared/points-status/format';
import { putProfile } from '../api/profile';
import { BirthdayFields } from '../forms/birthday-fields';
import {
  CheckboxField,
  FormAlert,
  ReadOnlyField,
  SubmitButton,
  TextField,
} from '../../../shared/forms/fields';
import { ScreenFrame } from '../../../shared/forms/screen-frame';
import { useClubForm, useFormSubmit } from '../../../shared/forms/use-club-form';
import {
  needsCurrentPassword,
  ProfileFormSchema,
  profileValues,
  profileWireValues,
} from './profile-form-schema';
import { ClubForm } from '../../../shared/forms/club-form';
import {
  EmailField,
  NewPasswordFields,
  PersonTitleField,
  PhoneField,
  SignField,
} from '../../../shared/forms/common-fields';

/**
 * The 429 answer's message on its field: the email (too many new addresses
 * asked for), else the current password (too many wrong ones), with the
 * generic message when the answer has none.
 */
function tooManyAttempts(data: unknown): { email: string[] } | { oldPassword: string[] } {
  const fields = typeof data === 'object' && data !== null ? data : {};
  if ('email' in fields) return { email: [String(fields.email)] };
  const message =
    'oldPassword' in fields
      ? String(fields.oldPassword)
      : 'Too many attempts. Please try again in a few minutes.';
  return { oldPassword: [message] };
}

/** The points table side panel (spec 1 §2 "Profile update"), a chunk of its own. */
const PointsSidePanel = lazy(() => import('../../../shared/points-status/points-side-panel'));

/**
 * Profile update (spec 1 §2, §4; members only). Opening it checks the user
 * again and fills the form; a successful update shows the success alert and
 * passes the returned user into the user state. Read-only: number, names,
 * office ID, agency and address. The points table side panel is beside it.
 */
export function ProfileUpdateScreen({ page }: ScreenProps) {
  const { personTitles = [], phoneCodeLocalized = '' } = page as Partial<ProfileUpdatePage>;
  const layout = useLayout();
  const text = useDictionary();
  const { user, setUser, userCheckFailed } = useCommonState();
  const [updated, setUpdated] = useState(false);
  /** The new email waiting for its link, and the address that stays until then. */
  const [pendingEmail, setPendingEmail] = useState<{ email: string; current: string } | null>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const form = useClubForm(ProfileFormSchema, profileValues(user));
  const { reset, control } = form;
  const [password, email, currentEmail] = useWatch({
    control,
    name: ['password', 'email', 'currentEmail'],
  });
  // The password's input type is wide (the contract fills a missing one with ''): a text here.
  const asksCurrentPassword = needsCurrentPassword({
    password: typeof password === 'string' ? password : '',
    email,
    currentEmail,
  });
  useReloadWhenLoggedOut();

  // The outcome sits by the Save button, where the member is; on a short screen it scrolls into view.
  useEffect(() => {
    if (updated) outcome.current?.scrollIntoView?.({ block: 'nearest' });
  }, [updated, pendingEmail]);

  useEffect(() => {
    void checkUser({ setUser, userCheckFailed }).then((fresh) => {
      if (fresh) reset(profileValues(fresh));
    });
  }, [setUser, userCheckFailed, reset]);

  const { onSubmit, otherMessages } = useFormSubmit(form, async (values) => {
    setUpdated(false);
    setPendingEmail(null);
    if (user === null) return;
    let saved;
    try {
      saved = await putProfile(user.id, profileWireValues(values));
    } catch (error) {
      // Too many wrong current passwords, or new emails: the server's message belongs to that field.
      if (isApiError(error) && error.status === 429) return tooManyAttempts(error.data);
      throw error;
    }
    setUser(saved);
    reset(profileValues(saved));
    setUpdated(true);
    // The answer keeps the current email until the link mailed to the new one is followed.
    if (saved.email !== values.email) {
      setPendingEmail({ email: values.email, current: saved.email });
    }
  });

  const title = page.title.trim() || text('profile.title', 'Update your details');
  return (
    <div className="points-panel-frame">
      <ScreenFrame id="profile-update-title" title={title}>
        <div className="membership__form-grid">
          <ReadOnlyField
            label={text('form.memberNumber', 'Member number')}
            value={user?.number ?? ''}
            readsLeftToRight
          />
          <ReadOnlyField
            label={text('form.firstName', 'First name')}
            value={user?.firstName ?? ''}
          />
          <ReadOnlyField label={text('form.lastName', 'Last name')} value={user?.lastName ?? ''} />
          <ReadOnlyField
            label={text('form.officeId', 'Office ID')}
            value={user?.officeId ?? ''}
            readsLeftToRight
          />
          <ReadOnlyField label={text('form.agency', 'Agency')} value={user?.agency ?? ''} />
          <ReadOnlyField label={text('form.address', 'Address')} value={user?.address ?? ''} />
        </div>
        <ClubForm form={form} onSubmit={onSubmit}>
          <div className="membership__form-grid">
            <PersonTitleField titles={personTitles} />
            <EmailField />
            <PhoneField phoneCode={phoneCodeLocalized} />
            <SignField />
          </div>
          <TextField
            name="giftDeliveryAddress"
            label={text('form.giftDeliveryAddress', 'Gift delivery address')}
            autoComplete="street-address"
          />
          <BirthdayFields />
          <div className="membership__form-grid">
            <NewPasswordFields
              label={text('form.newPassword', 'New password')}
              hint={text('profile.passwordHint', 'Leave empty to keep your password.')}
            />
          </div>
          {asksCurrentPassword ? (
            <TextField
              name="oldPassword"
              type="password"
              label={text('form.oldPassword', 'Current password')}
              hint={text(
                'profile.oldPasswordHint',
                'Needed to change your password or email address.',
              )}
              autoComplete="current-password"
              required
            />
          ) : null}
          <CheckboxField
            name="newsletter"
            label={text('form.newsletter', 'I would like to receive the newsletter')}
          />
          <FormAlert messages={otherMessages} />
          {/* Always there, so that what it comes to say is announced. */}
          <div ref={outcome} role="status" className="profile-outcome">
            {updated ? (
              <p className="alert alert--success">
                {text('profile.updated', 'Your details have been updated.')}
              </p>
            ) : null}
            {pendingEmail ? (
              <p className="alert alert--info">
                {fillNodes(
                  text(
                    'profile.emailPending',
                    'We have sent a link to {email}. Your email address changes when you open it; until then we keep writing to {current}.',
                  ),
                  {
                    email: <LeftToRight>{pendingEmail.email}</LeftToRight>,
                    current: <LeftToRight>{pendingEmail.current}</LeftToRight>,
                  },
                )}
              </p>
            ) : null}
          </div>
          <div className="membership__actions">
            <SubmitButton>{text('profile.submit', 'Save')}</SubmitButton>
            <Link to={pagePath(layout, 'profile-delete')}>
              {text('profileDelete.submit', 'Delete my account')}
            </Link>
          </div>
        </ClubForm>
      </ScreenFrame>
      {user ? (
        <Suspense fallback={null}>
          <PointsSidePanel number={user.number} client={httpClient} />
        </Suspense>
      ) : null}
    </div>
  );
}
