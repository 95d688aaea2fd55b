import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Field } from '../../lib/ui/field';
import { Pager } from '../../lib/ui/pager';
import { useListState } from '../../lib/list-return';
import { usePageTitle } from '../../lib/page-title';
import { hasRole, useStaff } from '../../lib/staff-session';
import { officeSearchQuery } from './offices-api';
import { officeStateText } from './office-states';

/** Searching the offices directory; the search lives in the URL, so it survives going back. */
export function OfficeSearchScreen() {
  usePageTitle('Offices');
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const listState = useListState();
  const search = {
    query: params.get('query') ?? '',
    state: params.get('state') ?? '',
    page: Math.max(1, Number(params.get('page') ?? '1') || 1),
  };
  const [query, setQuery] = useState(search.query);
  const [state, setState] = useState(search.state);
  const found = useQuery({ ...officeSearchQuery(search), placeholderData: keepPreviousData });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (query.trim() !== '') next.set('query', query.trim());
    if (state !== '') next.set('state', state);
    setParams(next);
  };
  const toPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page + 1));
    setParams(next);
  };

  return (
    <>
      <h1>Offices</h1>
      {hasRole(staff, ['admin', 'manager']) && (
        <p>
          <Link to="import">Import an office directory file</Link>
        </p>
      )}
      <form role="search" className="toolbar" onSubmit={submit} aria-label="Offices">
        <Field
          label="Office ID, agency, city or zip"
          hint="An office ID or its start, or words of the name, address or zip"
        >
          {(control) => (
            <input
              {...control}
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              maxLength={100}
            />
          )}
        </Field>
        <Field label="State">
          {(control) => (
            <select {...control} value={state} onChange={(event) => setState(event.target.value)}>
              <option value="">Any</option>
              <option value="active">Taking part</option>
              <option value="inactive">Not taking part</option>
              <option value="direct">Direct sales</option>
            </select>
          )}
        </Field>
        <button type="submit">Search</button>
      </form>
      {found.isError && (
        <p className="form-error" role="alert">
          The offices could not be loaded. Try again.
        </p>
      )}
      {found.data !== undefined && (
        <>
          <div className="table-scroll">
            <table aria-busy={found.isFetching}>
              <caption>
                {found.data.totalIsCapped
                  ? `More than ${found.data.total} offices`
                  : `${found.data.total} ${found.data.total === 1 ? 'office' : 'offices'}`}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Office ID</th>
                  <th scope="col">Agency</th>
                  <th scope="col">Address</th>
                  <th scope="col">Zip</th>
                  <th scope="col">Country</th>
                  <th scope="col">State</th>
                </tr>
              </thead>
              <tbody>
                {found.data.items.map((office) => (
                  <tr key={office.officeId}>
                    <th scope="row">
                      <Link to={office.officeId} state={listState}>
                        {office.officeId}
                      </Link>
                    </th>
                    <td>{office.agencyName}</td>
                    <td>{office.address}</td>
                    <td>{office.zip}</td>
                    <td>{office.countryCode.toUpperCase()}</td>
                    <td>{officeStateText(office)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={search.page - 1}
            pageSize={found.data.pageSize}
            total={found.data.total}
            onPage={toPage}
            label="Offices"
          />
        </>
      )}
    </>
  );
}
