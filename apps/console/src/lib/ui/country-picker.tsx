import { useState } from 'react';
import { useStaff } from '../staff-session';
import { countryName } from '../names';

/**
 * Chooses the country of a country's screen (gifts, earning rules): a
 * manager's own countries by name, or (an admin) any two-letter code.
 */
export function CountryPicker({
  id,
  country,
  onChange,
}: {
  /** The control's id, unique on the page. */
  id: string;
  country: string;
  onChange: (c: string) => void;
}) {
  const staff = useStaff();
  const [typed, setTyped] = useState(country);
  if (staff.role !== 'admin') {
    return (
      <div className="field">
        <label htmlFor={id}>Country</label>
        <select id={id} value={country} onChange={(event) => onChange(event.target.value)}>
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
        <label htmlFor={id}>Country</label>
        <input
          id={id}
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
