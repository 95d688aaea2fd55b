import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { Link } from 'react-router';
import type { ProfileUpdatePage } from '@club/contract/account-pages';
import { useCommonState } from '../../../app/common-state';
import { useLayout } from '../../../app/layout-context';
import type { ScreenProps } from '../../../app/page-registry';
import { pagePath } from '../../../app/paths';
import { checkUser } from '../../../app/user/user-check';
import { useReloadWhenLoggedOut } from '../../../app/user/use-session';
import { useDictionary } from '../../../lib/use-dictionary';
import { putProfile } from '../api/profile';
import { BirthdayFields } from '../forms/birthday-fields';
import { phoneHint } from '../forms/phone-hint';
import {
  CheckboxField,
  FormAlert,
  ReadOnlyField,
  SelectField,
  SubmitButton,
  TextField,
} from '../forms/fields';
import { ScreenFrame } from '../forms/screen-frame';
import { useClubForm, useFormSubmit } from '../forms/use-club-form';
import { ProfileFormSchema, profileValues } from './profile-form-schema';

/**
 * Profile update (spec 1 §2, §4; members only). Opening it checks the user
 * again and fills the form; a successful update shows the success alert and
 * passes the returned user into the user state. Read-only: number, names,
 * office ID, agency and address.
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
        <ReadOnlyField label={text('form.firstName', 'First name')} value={user?.firstName ?? ''} />
        <ReadOnlyField label={text('form.lastName', 'Last name')} value={user?.lastName ?? ''} />
        <ReadOnlyField label={text('form.officeId', 'Office ID')} value={user?.officeId ?? ''} />
        <ReadOnlyField label={text('form.agency', 'Agency')} value={user?.agency ?? ''} />
        <ReadOnlyField label={text('form.address', 'Address')} value={user?.address ?? ''} />
      </div>
      <FormProvider {...form}>
        <form className="membership__form" noValidate onSubmit={(event) => void onSubmit(event)}>
          <div className="membership__form-grid">
            <SelectField
              name="title"
              label={text('form.personTitle', 'Title')}
              placeholder={text('form.choose', 'Please choose')}
              options={personTitles.map((option) => ({ value: option.code, label: option.title }))}
            />
            <TextField
              name="email"
              type="email"
              label={text('form.email', 'Email')}
              autoComplete="email"
            />
            <TextField
              name="phone"
              type="tel"
              label={text('form.phone', 'Phone')}
              autoComplete="tel"
              hint={phoneHint(text, phoneCodeLocalized)}
            />
            {layout.countryCode === 'at' ? (
              <TextField
                name="sign"
                label={text('form.sign', 'Sign (first 4 digits)')}
                inputMode="numeric"
              />
            ) : null}
          </div>
          <TextField
            name="giftDeliveryAddress"
            label={text('form.giftDeliveryAddress', 'Gift delivery address')}
            autoComplete="street-address"
          />
          <BirthdayFields />
          <div className="membership__form-grid">
            <TextField
              name="password"
              type="password"
              label={text('form.newPassword', 'New password')}
              autoComplete="new-password"
              hint={text('profile.passwordHint', 'Leave empty to keep your password.')}
              deps={['passwordRepeat']}
            />
            <TextField
              name="passwordRepeat"
              type="password"
              label={text('form.passwordRepeat', 'Repeat the password')}
              autoComplete="new-password"
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
        </form>
      </FormProvider>
    </ScreenFrame>
  );
}
