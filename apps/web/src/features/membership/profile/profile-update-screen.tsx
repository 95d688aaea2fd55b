import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ProfileUpdatePage } from '@club/contract/account-pages';
import { useCommonState } from '../../../app/common-state';
import { useLayout } from '../../../app/layout-context';
import type { ScreenProps } from '../../../app/page-registry';
import { pagePath } from '../../../app/paths';
import { checkUser } from '../../../app/user/user-check';
import { useReloadWhenLoggedOut } from '../../../app/user/use-session';
import { httpClient } from '../../../lib/http-client';
import { useDictionary } from '../../../lib/use-dictionary';
import { putProfile } from '../api/profile';
import { BirthdayFields } from '../forms/birthday-fields';
import { CheckboxField, FormAlert, ReadOnlyField, SubmitButton, TextField } from '../forms/fields';
import { ScreenFrame } from '../forms/screen-frame';
import { useClubForm, useFormSubmit } from '../forms/use-club-form';
import { ProfileFormSchema, profileValues } from './profile-form-schema';
import { ClubForm } from '../forms/club-form';
import {
  EmailField,
  NewPasswordFields,
  PersonTitleField,
  PhoneField,
  SignField,
} from '../forms/common-fields';

/** The points table side panel (spec 1 §2 "Profile update"), a chunk of its own. */
const PointsSidePanel = lazy(() => import('../../points/side-panel/points-side-panel'));

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
  const form = useClubForm(ProfileFormSchema, profileValues(user));
  const { reset } = form;
  useReloadWhenLoggedOut();

  useEffect(() => {
    void checkUser({ setUser, userCheckFailed }).then((fresh) => {
      if (fresh) reset(profileValues(fresh));
    });
  }, [setUser, userCheckFailed, reset]);

  const { onSubmit, otherMessages } = useFormSubmit(form, async (values) => {
    setUpdated(false);
    if (user === null) return;
    const saved = await putProfile(user.id, values);
    setUser(saved);
    reset(profileValues(saved));
    setUpdated(true);
  });

  const title = page.title.trim() || text('profile.title', 'Update your details');
  return (
    <div className="points-panel-frame">
      <ScreenFrame id="profile-update-title" title={title}>
        {updated ? (
          <p className="alert alert--success" role="status">
            {text('profile.updated', 'Your details have been updated.')}
          </p>
        ) : null}
        <div className="membership__form-grid">
          <ReadOnlyField
            label={text('form.memberNumber', 'Member number')}
            value={user?.number ?? ''}
          />
          <ReadOnlyField
            label={text('form.firstName', 'First name')}
            value={user?.firstName ?? ''}
          />
          <ReadOnlyField label={text('form.lastName', 'Last name')} value={user?.lastName ?? ''} />
          <ReadOnlyField label={text('form.officeId', 'Office ID')} value={user?.officeId ?? ''} />
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
          <CheckboxField
            name="newsletter"
            label={text('form.newsletter', 'I would like to receive the newsletter')}
          />
          <FormAlert messages={otherMessages} />
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
