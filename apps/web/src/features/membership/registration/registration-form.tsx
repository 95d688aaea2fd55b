import { useEffect } from 'react';
import { useWatch } from 'react-hook-form';
import type { RegistrationPage } from '@club/contract/account-pages';
import { RegistrationWireSchema, type OfficeData } from '@club/contract/membership';
import { useLayout } from '../../../shared/layout-context';
import { useLogIn } from '../../../shared/user/use-session';
import { useDictionary } from '../../../shared/use-dictionary';
import { postRegistration } from '../api/registration';
import { BirthdayFields } from '../forms/birthday-fields';
import {
  CheckboxField,
  FormAlert,
  ReadOnlyField,
  SubmitButton,
  TextField,
} from '../../../shared/forms/fields';
import { Tooltip } from '../../../lib/tooltip';
import { useClubForm, useFormSubmit } from '../../../shared/forms/use-club-form';
import { lookUpOffice } from './look-up-office';
import {
  emptyRegistration,
  officeAddress,
  RegistrationFormSchema,
} from './registration-form-schema';
import type { RegistrationSuccessState } from './registration-success-screen';
import { StepHeading } from './step-heading';
import { InactiveOfficeNotice } from './inactive-office-notice';
import { ClubForm } from '../../../shared/forms/club-form';
import {
  EmailField,
  NewPasswordFields,
  PersonTitleField,
  PhoneField,
  SignField,
} from '../../../shared/forms/common-fields';

/** Debounce of the office lookup while the office ID is typed (spec 1 §2: 300 ms). */
const officeLookupDelayMs = 300;

type RegistrationFormProps = {
  page: Pick<RegistrationPage, 'personTitles' | 'phoneCodeLocalized'>;
  office: OfficeData;
  focus: boolean;
  /** A changed office ID was looked up: its data replaces the office's (spec 1 §4). */
  onOfficeChange: (office: OfficeData) => void;
};

/**
 * Step 5, the registration form. Success logs the member in when the answer
 * carries a session (no double opt-in) and goes to registration-success.
 */
export function RegistrationForm({ page, office, focus, onOfficeChange }: RegistrationFormProps) {
  const layout = useLayout();
  const text = useDictionary();
  const logIn = useLogIn();
  const form = useClubForm(RegistrationFormSchema, emptyRegistration(office.officeId));
  const officeId = useWatch({ control: form.control, name: 'officeId' });
  const { setError } = form;

  useEffect(() => {
    const wanted = officeId.trim();
    if (wanted.toUpperCase() === office.officeId.toUpperCase()) return;
    if (!RegistrationWireSchema.shape.officeId.safeParse(wanted).success) return;
    let current = true;
    const timer = setTimeout(() => {
      lookUpOffice(wanted, layout.countryCode).then(
        (found) => {
          if (!current) return;
          if (found.kind === 'found') onOfficeChange(found.office);
          else setError('officeId', { type: 'server', message: found.message });
        },
        () => undefined, // The submit checks the office again.
      );
    }, officeLookupDelayMs);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [officeId, office.officeId, layout.countryCode, onOfficeChange, setError]);

  const { onSubmit, otherMessages } = useFormSubmit(form, async (values) => {
    const answer = await postRegistration({
      ...values,
      countryCode: layout.countryCode,
      languageCode: layout.languageCode,
      agreeWithConditions: true,
      address: officeAddress(office),
    });
    // With double opt-in there is no session: the member number reaches the success page this way.
    const state: RegistrationSuccessState = { memberNumber: answer.user.number };
    await logIn(answer, 'registration-success', state);
  });

  return (
    <ClubForm form={form} onSubmit={onSubmit}>
      <StepHeading text={text('registration.formStep', 'Your details')} focus={focus} />
      <p className="membership__note">
        {text(
          'registration.englishOnly',
          'All fields are mandatory unless marked optional. Please fill in the form in English',
        )}
      </p>
      <div className="membership__form-grid">
        <TextField
          name="firstName"
          label={text('form.firstName', 'First name')}
          autoComplete="given-name"
        />
        <TextField
          name="lastName"
          label={text('form.lastName', 'Last name')}
          autoComplete="family-name"
        />
        <PersonTitleField titles={page.personTitles} />
        <EmailField />
        <NewPasswordFields label={text('form.password', 'Password')} />
        <TextField
          name="officeId"
          label={text('form.officeId', 'Office ID')}
          readsLeftToRight
          autoComplete="off"
          autoCapitalize="characters"
        />
        <ReadOnlyField label={text('form.agency', 'Agency')} value={office.fullName} />
        <ReadOnlyField label={text('form.address', 'Address')} value={officeAddress(office)} />
        <SignField />
        <PhoneField phoneCode={page.phoneCodeLocalized} />
      </div>
      {office.active ? null : <InactiveOfficeNotice office={office} />}
      <BirthdayFields />
      <CheckboxField
        name="newsletter"
        label={text('form.newsletter', 'I would like to receive the newsletter')}
        after={
          <Tooltip
            label={text('registration.newsletterInfo', 'About the newsletter')}
            text={text(
              'registration.newsletterTooltip',
              'News of the club, new gifts and special offers, about once a month. You can unsubscribe at any time.',
            )}
          />
        }
      />
      <FormAlert messages={otherMessages} />
      <div className="membership__actions">
        <SubmitButton>{text('registration.continue', 'Continue')}</SubmitButton>
      </div>
    </ClubForm>
  );
}
