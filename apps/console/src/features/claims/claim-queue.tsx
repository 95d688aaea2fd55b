import { type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { claimStates, type ClaimState } from '@club/contract/claims';
import { formText } from '../../lib/form-text';
import { usePageTitle } from '../../lib/page-title';
import { useStaff } from '../../lib/staff-session';
import { Pager } from '../../lib/ui/pager';
import { claimQueueQuery, type ClaimFilter } from './claims-api';
import { formatMoment } from '../../lib/english-format';
import { countryName } from '../../lib/names';

export const claimStateNames: Record<ClaimState, string> = {
  open: 'Open',
  approved: 'Approved',
  rejected: 'Rejected',
  matched: 'Matched by its booking',
};

const filterKeys = ['state', 'country', 'olderThanDays'] as const;

function filterOf(params: URLSearchParams): ClaimFilter {
  return {
    // Open claims unless another state is asked for: the queue is what waits.
    state: params.get('state') ?? 'open',
    country: params.get('country') ?? '',
    olderThanDays: params.get('olderThanDays') ?? '',
    page: Number(params.get('page') ?? 0) || 0,
  };
}

export const when = formatMoment;

/** Whole days since a moment, for the queue's age column. */
const ageInDays = (iso: string) =>
  Math.max(0, Math.floor((Date.now() - Date.parse(iso)) / 86_400_000));

/** The claims queue: filters kept in the URL (Back keeps them), the oldest claim first, paging. */
export function ClaimQueueScreen() {
  usePageTitle('Claims');
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const filter = filterOf(params);
  const queue = useQuery(claimQueueQuery(filter));

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of filterKeys) next.set(key, formText(form, key));
    setParams(next);
  };
  const toPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };

  return (
    <>
      <h1>Claims</h1>
      <p>Missing-points claims of members: the oldest first.</p>
      <form className="toolbar claim-filters" onSubmit={apply} aria-label="Filter the claims">
        <div className="field">
          <label htmlFor="claim-state">State</label>
          <select id="claim-state" name="state" defaultValue={filter.state}>
            <option value="">Any state</option>
            {claimStates.map((state) => (
              <option key={state} value={state}>
                {claimStateNames[state]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="claim-country">Country</label>
          {staff.role === 'admin' ? (
            <input
              id="claim-country"
              name="country"
              defaultValue={filter.country}
              size={4}
              maxLength={2}
              aria-describedby="claim-country-hint"
            />
          ) : (
            <select id="claim-country" name="country" defaultValue={filter.country}>
              <option value="">All my countries</option>
              {staff.countries.map((country) => (
                <option key={country} value={country}>
                  {countryName(country)}
                </option>
              ))}
            </select>
          )}
          {staff.role === 'admin' && (
            <p id="claim-country-hint" className="hint">
              Two letters, e.g. gr; empty for every country
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="claim-age">Filed</label>
          <select id="claim-age" name="olderThanDays" defaultValue={filter.olderThanDays}>
            <option value="">Any time</option>
            <option value="7">At least 7 days ago</option>
            <option value="30">At least 30 days ago</option>
          </select>
        </div>
        <button type="submit">Show claims</button>
      </form>
      {queue.isPending && <p role="status">Loading claims…</p>}
      {queue.isError && (
        <p role="alert" className="form-error">
          The claims could not be loaded.
        </p>
      )}
      {queue.data && (
        <>
          <div className="table-scroll">
            <table>
              <caption>Claims, oldest first</caption>
              <thead>
                <tr>
                  <th scope="col">Claim</th>
                  <th scope="col">Filed</th>
                  <th scope="col">Age</th>
                  <th scope="col">Country</th>
                  <th scope="col">Member</th>
                  <th scope="col">PNR</th>
                  <th scope="col">State</th>
                  <th scope="col">Points</th>
                </tr>
              </thead>
              <tbody>
                {queue.data.items.length === 0 && (
                  <tr>
                    <td colSpan={8}>No claims match.</td>
                  </tr>
                )}
                {queue.data.items.map((claim) => (
                  <tr key={claim.id}>
                    <th scope="row">
                      <Link to={`${claim.id}${params.size > 0 ? `?${params.toString()}` : ''}`}>
                        Claim {claim.id}
                      </Link>
                    </th>
                    <td>{when(claim.filedAt)}</td>
                    <td>
                      {ageInDays(claim.filedAt)} {ageInDays(claim.filedAt) === 1 ? 'day' : 'days'}
                    </td>
                    <td>{claim.countryCode.toUpperCase()}</td>
                    <td>
                      <Link to={`/members/${claim.memberNumber}`}>
                        {claim.memberNumber} {claim.memberName}
                      </Link>
                    </td>
                    <td>
                      <bdi dir="ltr">{claim.pnr}</bdi>
                    </td>
                    <td>{claimStateNames[claim.state]}</td>
                    <td>{claim.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={filter.page}
            pageSize={50}
            total={queue.data.total}
            onPage={toPage}
            label="Claims"
          />
        </>
      )}
    </>
  );
}
