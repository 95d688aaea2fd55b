import { useState } from 'react';
import { useStaff } from '../../lib/staff-session';
import { countryName } from '../../lib/names';

/** Chooses the country: a manager's own countries, or (an admin) any two-letter code. */
export function CountryPicker({
  country,
  onChange,
}: {
  country: string;
  onChange: (c: string) => void;
}) {
  const staff = useStaff();
  const [typed, setTyped] = useState(country);
  if (staff.role !== 'admin') {
    return (
      <div className="field">
        <label htmlFor="gift-country">Country</label>
        <select
          id="gift-country"
          value={country}
          onChange={(event) => onChange(event.target.value)}
        >
          {staff.countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code)}
            </option>
          ))}
        </select>
      </div>
    );
  }
  return (
    <form
      className="toolbar"
      onSubmit={(event) => {
        event.preventDefault();
        onChange(typed.trim().toLowerCase());
      }}
    >
      <div className="field">
        <label htmlFor="gift-country">Country</label>
        <input
          id="gift-country"
          value={typed}
          size={4}
          maxLength={2}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      <button type="submit">Show</button>
    </form>
  );
}
