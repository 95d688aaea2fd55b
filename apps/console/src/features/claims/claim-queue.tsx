import { type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { claimStates, type ClaimQueue, type ClaimState } from '@club/contract/claims';
import { formText } from '../../lib/form-text';
import { usePageTitle } from '../../lib/page-title';
import { useStaff } from '../../lib/staff-session';
import { ListTable, type ListColumn } from '../../lib/ui/list-table';
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
/** The queue's columns; a claim's link keeps the filter, so Back returns to it. */
const claimColumns = (params: URLSearchParams): ListColumn<ClaimQueue['items'][number]>[] => [
  {
    header: 'Claim',
    rowHeader: true,
    cell: (claim) => (
      <Link to={`${claim.id}${params.size > 0 ? `?${params.toString()}` : ''}`}>
        Claim {claim.id}
      </Link>
    ),
  },
  { header: 'Filed', cell: (claim) => when(claim.filedAt) },
  {
    header: 'Age',
    cell: (claim) =>
      `${ageInDays(claim.filedAt)} ${ageInDays(claim.filedAt) === 1 ? 'day' : 'days'}`,
  },
  { header: 'Country', cell: (claim) => claim.countryCode.toUpperCase() },
  {
    header: 'Member',
    cell: (claim) => (
      <Link to={`/members/${claim.memberNumber}`}>
        {claim.memberNumber} {claim.memberName}
      </Link>
    ),
  },
  { header: 'PNR', cell: (claim) => <bdi dir="ltr">{claim.pnr}</bdi> },
  { header: 'State', cell: (claim) => claimStateNames[claim.state] },
  { header: 'Points', cell: (claim) => claim.points },
];

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
          <ListTable
            caption="Claims, oldest first"
            columns={claimColumns(params)}
            rows={queue.data.items}
            rowKey={(claim) => claim.id}
            empty="No claims match."
            busy={queue.isFetching}
          />
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
