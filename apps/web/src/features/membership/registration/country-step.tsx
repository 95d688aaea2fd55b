import { useId, useState, type FormEvent } from 'react';
import type { RegistrationPage } from '@club/contract/account-pages';
import { useDictionary } from '../../../shared/use-dictionary';
import { StepHeading } from './step-heading';

type CountryStepProps = {
  countries: RegistrationPage['countries'];
  focus: boolean;
  /** The chosen country (spec 1 §2 "countryChange"). */
  onSelect: (countryCode: string) => void;
};

/** Step 1 (several countries only): the country select; Select stays disabled until one is chosen. */
export function CountryStep({ countries, focus, onSelect }: CountryStepProps) {
  const text = useDictionary();
  const id = useId();
  const [country, setCountry] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (country !== '') onSelect(country);
  };
  return (
    <form className="membership__form" onSubmit={submit}>
      <StepHeading text={text('registration.countryStep', 'Your country')} focus={focus} />
      <div className="field">
        <label className="field__label" htmlFor={id}>
          {text('registration.country', 'Country')}
        </label>
        <select
          id={id}
          className="field__control"
          value={country}
          onChange={(event) => setCountry(event.target.value)}
        >
          <option value="">{text('form.choose', 'Please choose')}</option>
          {countries.map((item) => (
            <option key={item.code} value={item.code}>
              {item.name}
            </option>
          ))}
        </select>
      </div>
      <div className="membership__actions">
        <button type="submit" className="button" disabled={country === ''}>
          {text('registration.select', 'Select')}
        </button>
      </div>
    </form>
  );
}
