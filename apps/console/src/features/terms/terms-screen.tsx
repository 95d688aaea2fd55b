import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CountryTerms, RequireCountryTermsWire } from '@club/contract/staff-member-actions';
import { usePageTitle } from '../../lib/page-title';
import { hasRole, useStaff } from '../../lib/staff-session';
import { RequireTermsDialog } from './require-terms-dialog';
import { countryTermsQuery, requireCountryTerms } from './terms-api';
import './terms.css';
import { formatMoment } from '../../lib/english-format';

const when = formatMoment;

/**
 * The terms area: each of the staff member's countries with its terms
 * version and who set it when; admins and managers require the terms again
 * for a whole country when they change.
 */
export function TermsScreen() {
  usePageTitle('Terms');
  const staff = useStaff();
  const mayChange = hasRole(staff, ['admin', 'manager']);
  const queryClient = useQueryClient();
  const terms = useQuery(countryTermsQuery);
  const [open, setOpen] = useState<CountryTerms | null>(null);
  const [done, setDone] = useState('');

  const confirm = async (country: CountryTerms, values: RequireCountryTermsWire) => {
    const changed = await requireCountryTerms(country.countryCode, values);
    queryClient.setQueryData(countryTermsQuery.queryKey, (list) =>
      list?.map((item) => (item.countryCode === changed.countryCode ? changed : item)),
    );
    setOpen(null);
    setDone(
      `${changed.name} now publishes terms version ${changed.termsVersion}: its members accept them at their next page.`,
    );
  };

  return (
    <div className="terms-screen">
      <h1>Terms</h1>
      <p>
        When a country’s terms and conditions change, give them a new version here: every member of
        the country must accept them again before their next page.
      </p>
      <div role="status" aria-live="polite">
        {done !== '' && <p className="success">{done}</p>}
      </div>
      {terms.isPending && <p role="status">Loading…</p>}
      {terms.isError && (
        <p className="form-error" role="alert">
          The terms versions could not be loaded.
        </p>
      )}
      {terms.data !== undefined && (
        <div className="table-scroll">
          <table>
            <caption>Terms version per country</caption>
            <thead>
              <tr>
                <th scope="col">Country</th>
                <th scope="col">Version</th>
                <th scope="col">Set by</th>
                <th scope="col">Reason</th>
                {mayChange && (
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {terms.data.map((country) => (
                <tr key={country.countryCode}>
                  <th scope="row">
                    {country.name} ({country.countryCode.toUpperCase()})
                  </th>
                  <td>{country.termsVersion}</td>
                  <td>
                    {country.changedBy === null || country.changedAt === null
                      ? 'The content files'
                      : `${country.changedBy}, ${when(country.changedAt)}`}
                  </td>
                  <td>{country.reason ?? ''}</td>
                  {mayChange && (
                    <td>
                      <button
                        type="button"
                        className="secondary"
                        aria-haspopup="dialog"
                        onClick={() => {
                          setDone('');
                          setOpen(country);
                        }}
                      >
                        Require the terms again
                        <span className="visually-hidden"> in {country.name}</span>
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <RequireTermsDialog country={open} onClose={() => setOpen(null)} onConfirm={confirm} />
    </div>
  );
}
