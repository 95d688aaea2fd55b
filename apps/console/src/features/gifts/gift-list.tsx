import { Link, useSearchParams } from 'react-router';
import { useListState } from '../../lib/list-return';
import { useQuery } from '@tanstack/react-query';
import { LOW_STOCK_AT_MOST } from '@club/contract/staff-overview';
import { usePageTitle } from '../../lib/page-title';
import { hasRole, useStaff } from '../../lib/staff-session';
import { CountryPicker } from '../../lib/ui/country-picker';
import { catalogueQuery } from './gifts-api';
import { useGiftCountry } from './use-country';
import { languageName } from '../../lib/names';

/** The catalogue of a country: every gift, withdrawn ones too, with its name in each language. */
export function GiftList() {
  usePageTitle('Gifts');
  const staff = useStaff();
  const [country, setCountry] = useGiftCountry();
  const catalogue = useQuery(catalogueQuery(country));
  // `?stock=low`: the active gifts the Overview counts as low on stock.
  const [params, setParams] = useSearchParams();
  const lowOnly = params.get('stock') === 'low';
  const listState = useListState();
  const showLowOnly = (on: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (on) next.set('stock', 'low');
      else next.delete('stock');
      return next;
    });
  const shown = (catalogue.data?.gifts ?? []).filter(
    (gift) => !lowOnly || (gift.active && gift.stock !== null && gift.stock <= LOW_STOCK_AT_MOST),
  );
  return (
    <>
      <h1>Gifts</h1>
      <CountryPicker id="gift-country" country={country} onChange={setCountry} />
      <div className="field checkbox">
        <input
          id="gift-low-stock"
          type="checkbox"
          checked={lowOnly}
          onChange={(event) => showLowOnly(event.target.checked)}
        />
        <label htmlFor="gift-low-stock">
          Only active gifts low on stock ({LOW_STOCK_AT_MOST} or fewer left)
        </label>
      </div>
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
            <caption>
              {lowOnly ? 'Gifts low on stock' : 'Gifts'} of {country.toUpperCase()}
            </caption>
            <thead>
              <tr>
                <th scope="col">Gift</th>
                {catalogue.data.languages.map((language) => (
                  <th scope="col" key={language}>
                    Name in {languageName(language)}
                  </th>
                ))}
                <th scope="col">Category</th>
                <th scope="col">Points</th>
                <th scope="col">Stock</th>
                <th scope="col">Active</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((gift) => (
                <tr key={gift.id}>
                  <th scope="row">
                    <Link to={String(gift.id)} state={listState}>
                      Gift {gift.id}
                    </Link>
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
          {shown.length === 0 && (
            <p>{lowOnly ? 'No active gift is low on stock.' : 'No gifts yet.'}</p>
          )}
        </div>
      )}
    </>
  );
}
