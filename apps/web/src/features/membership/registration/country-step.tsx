import { useId, useState, type FormEvent } from 'react';
import type { RegistrationPage } from '@club/contract/account-pages';
import { useDictionary } from '../../../shared/use-dictionary';
import { StepHeading } from './step-heading';

type CountryStepProps = {
  countries: RegistrationPage['countries'];
  /** The current site's country: chosen already, so that one press of Select continues. */
  currentCountry: string;
  focus: boolean;
  /** The chosen country (spec 1 §2 "countryChange"). */
  onSelect: (countryCode: string) => void;
};

/**
 * Step 1 (several countries only): the country select, with the current
 * site's country chosen; Select stays disabled while no country is chosen.
 */
export function CountryStep({ countries, currentCountry, focus, onSelect }: CountryStepProps) {
  const text = useDictionary();
  const id = useId();
  const [country, setCountry] = useState(() =>
    countries.some((item) => item.code === currentCountry) ? currentCountry : '',
  );
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
