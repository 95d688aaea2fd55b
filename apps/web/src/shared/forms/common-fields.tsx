import type { RegistrationPage } from '@club/contract/account-pages';
import { useLayout } from '../layout-context';
import { LeftToRight } from '../left-to-right';
import { fillNodes } from '../points-status/format';
import { useDictionary } from '../use-dictionary';
import { SelectField, TextField } from './fields';

/** Fields that several membership forms share, with the same labels everywhere. */

export function EmailField({ hint, maxLength }: { hint?: string; maxLength?: number } = {}) {
  const text = useDictionary();
  return (
    <TextField
      name="email"
      type="email"
      label={text('form.email', 'Email')}
      autoComplete="email"
      hint={hint}
      maxLength={maxLength}
    />
  );
}

/** A new password and its repeat; the repeat is checked again whenever the password changes. */
export function NewPasswordFields({ label, hint }: { label: string; hint?: string }) {
  const text = useDictionary();
  return (
    <>
      <TextField
        name="password"
        type="password"
        label={label}
        autoComplete="new-password"
        hint={hint}
        deps={['passwordRepeat']}
      />
      <TextField
        name="passwordRepeat"
        type="password"
        label={text('form.passwordRepeat', 'Repeat the password')}
        autoComplete="new-password"
      />
    </>
  );
}

export function PersonTitleField({ titles }: { titles: RegistrationPage['personTitles'] }) {
  const text = useDictionary();
  return (
    <SelectField
      name="title"
      label={text('form.personTitle', 'Title')}
      placeholder={text('form.choose', 'Please choose')}
      options={titles.map((option) => ({ value: option.code, label: option.title }))}
      autoComplete="honorific-prefix"
    />
  );
}

/** The phone, with the country's dialling code as a hint (spec 1 §2) and its example number as the placeholder. */
export function PhoneField({ phoneCode }: { phoneCode: string }) {
  const text = useDictionary();
  const { phoneExample } = useLayout();
  const hint =
    phoneCode.trim() === ''
      ? undefined
      : fillNodes(text('form.phoneHint', 'Start with the country code {code}'), {
          // "+971" stays "+971" inside a right-to-left sentence.
          code: <LeftToRight>{phoneCode}</LeftToRight>,
        });
  return (
    <TextField
      name="phone"
      type="tel"
      label={text('form.phone', 'Phone')}
      autoComplete="tel"
      optional
      hint={hint}
      placeholder={phoneExample ?? undefined}
    />
  );
}

/** The first four digits of the agent sign: Austria only (spec 1 §2). */
export function SignField() {
  const layout = useLayout();
  const text = useDictionary();
  if (layout.countryCode !== 'at') return null;
  return (
    <TextField
      name="sign"
      label={text('form.sign', 'Sign (first 4 digits)')}
      inputMode="numeric"
      optional
    />
  );
}
