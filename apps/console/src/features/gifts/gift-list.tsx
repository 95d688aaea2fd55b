import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../lib/page-title';
import { hasRole, useStaff } from '../../lib/staff-session';
import { CountryPicker } from './country-picker';
import { catalogueQuery } from './gifts-api';
import { useGiftCountry } from './use-country';

/** The catalogue of a country: every gift, withdrawn ones too, with its name in each language. */
export function GiftList() {
  usePageTitle('Gifts');
  const staff = useStaff();
  const [country, setCountry] = useGiftCountry();
  const catalogue = useQuery(catalogueQuery(country));
  return (
    <>
      <h1>Gifts</h1>
      <CountryPicker country={country} onChange={setCountry} />
      {hasRole(staff, ['admin', 'manager']) && (
        <p>
          <Link to={`new?country=${country}`}>New gift in {country.toUpperCase()}</Link>
        </p>
      )}
      {catalogue.isPending && <p role="status">Loading the catalogue…</p>}
      {catalogue.isError && (
        <p role="alert" className="form-error">
          There is no catalogue of {country.toUpperCase()} in your countries.
        </p>
      )}
      {catalogue.data && (
        <div className="table-scroll">
          <table>
            <caption>Gifts of {country.toUpperCase()}</caption>
            <thead>
              <tr>
                <th scope="col">Gift</th>
                {catalogue.data.languages.map((language) => (
                  <th scope="col" key={language}>
                    Name ({language})
                  </th>
                ))}
                <th scope="col">Category</th>
                <th scope="col">Points</th>
                <th scope="col">Stock</th>
                <th scope="col">Active</th>
              </tr>
            </thead>
            <tbody>
              {catalogue.data.gifts.map((gift) => (
                <tr key={gift.id}>
                  <th scope="row">
                    <Link to={String(gift.id)}>Gift {gift.id}</Link>
                  </th>
                  {catalogue.data.languages.map((language) => (
                    <td key={language} lang={language.slice(0, 2)}>
                      {gift.texts[language]?.description ?? '—'}
                    </td>
                  ))}
                  <td>{gift.category}</td>
                  <td>{gift.points}</td>
                  <td>{gift.stock ?? 'not counted'}</td>
                  <td>{gift.active ? 'yes' : 'withdrawn'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
