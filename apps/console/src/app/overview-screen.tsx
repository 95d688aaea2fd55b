import { Link, useSearchParams } from 'react-router';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Overview } from '@club/contract/staff-overview';
import { formatMoment } from '../lib/english-format';
import { usePageTitle } from '../lib/page-title';
import { queryString, staffCall } from '../lib/staff-api';
import { useStaff } from '../lib/staff-session';
import { overviewItems } from './overview-items';
import { countryName } from '../lib/names';

const overviewQuery = (country: string | undefined) =>
  queryOptions({
    queryKey: ['overview', country ?? null],
    queryFn: async ({ signal }) => {
      const overview = await staffCall<Overview | undefined>(
        'GET',
        `/s2c/staff/v1/overview${queryString({ country })}`,
        undefined,
        { signal },
      );
      // An answer without the counts (a server of another version) says so instead of breaking the screen.
      if (!Array.isArray(overview?.taxToCheckOldest)) throw new Error('No counts in the answer');
      return overview;
    },
  });

/**
 * The console's first screen: what is waiting, counted in the staff member's
 * countries (or the one chosen, kept in the address as `?country=`), each
 * count a link to the screen filtered to it.
 */
export function OverviewScreen() {
  usePageTitle('Overview');
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const country = params.get('country') || undefined;
  const overview = useQuery(overviewQuery(country));
  const choices = overview.data?.countries ?? staff.countries;
  return (
    <>
      <h1>Overview</h1>
      <p>
        Signed in as {staff.email}, {staff.role}
        {staff.role === 'admin'
          ? ' of every country'
          : ` of ${staff.countries.join(', ').toUpperCase()}`}
        .
      </p>
      {choices.length > 1 && (
        <div className="field">
          <label htmlFor="overview-country">Country</label>
          <select
            id="overview-country"
            value={country ?? ''}
            onChange={(event) =>
              setParams(event.target.value === '' ? {} : { country: event.target.value })
            }
          >
            <option value="">All my countries</option>
            {choices.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
        </div>
      )}
      <h2>Waiting for you</h2>
      {overview.isPending && <p role="status">Counting what is waiting…</p>}
      {overview.isError && (
        <p role="alert" className="form-error">
          The overview could not be counted. Try again in a moment.
        </p>
      )}
      {overview.data && (
        <ul className="to-do-list">
          {overviewItems(overview.data).map((item) => (
            <li key={item.key} className={item.count > 0 ? 'waiting' : undefined}>
              <Link to={item.to}>{item.text}</Link>
              {item.key === 'tax-to-check' && overview.data.taxToCheckOldest.length > 0 && (
                <ul aria-label="Oldest tax details to check">
                  {overview.data.taxToCheckOldest.map((member) => (
                    <li key={member.number}>
                      <Link to={`/members/${member.number}`}>
                        {member.firstName} {member.lastName} ({member.number})
                      </Link>
                      , sent {formatMoment(member.sentAt)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
