import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MEMBER_SEARCH_CAP, MEMBER_SEARCH_PAGE_SIZE } from '@club/contract/staff-member-rules';
import { useListState } from '../../../lib/list-return';
import { usePageTitle } from '../../../lib/page-title';
import { useStaff } from '../../../lib/staff-session';
import { StaffApiError } from '../../../lib/staff-api';
import { Pager } from '../../../lib/ui/pager';
import { useMemberSearch } from '../api/search-members';
import { stateLabels } from './member-words';
import { formatNumber } from '../../../lib/english-format';

/**
 * Member search: one box for a member number, email, name or office ID. The
 * query and page live in the address, so a result list can be linked to and
 * Back returns to it.
 */
export function MemberSearch() {
  usePageTitle('Members');
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const listState = useListState();
  const query = params.get('query') ?? '';
  const page = Math.max(0, Number.parseInt(params.get('page') ?? '0', 10) || 0);
  const [typed, setTyped] = useState(query);
  const [tooShort, setTooShort] = useState(false);
  const hintId = useId();
  const errorId = useId();
  const search = useMemberSearch({ query, page, pageSize: MEMBER_SEARCH_PAGE_SIZE });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.trim();
    setTooShort(value === '');
    if (value !== '') setParams({ query: value });
  };
  const serverMessage =
    search.error instanceof StaffApiError ? search.error.fieldMessage('query') : undefined;
  const error = tooShort ? 'Enter a member number, email, name or office ID' : serverMessage;

  return (
    <>
      <h1>Members</h1>
      <nav aria-label="Members in bulk" className="toolbar">
        <Link to="bulk-adjustments">Bulk adjustments from a file</Link>
        {staff.role !== 'support' && <Link to="export">Export members as CSV</Link>}
      </nav>
      <form role="search" className="member-search" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="member-query">Search members</label>
          <input
            id="member-query"
            type="search"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            aria-invalid={error === undefined ? undefined : true}
            aria-describedby={[hintId, error === undefined ? '' : errorId].join(' ').trim()}
            maxLength={100}
          />
          <p id={hintId} className="hint">
            Member number, email, name (first, last or both) or office ID; the start of it is
            enough.
          </p>
          {error !== undefined && (
            <p id={errorId} className="field-error">
              {error}
            </p>
          )}
        </div>
        <button type="submit">Search</button>
      </form>
      {query !== '' && (
        <section aria-labelledby="results-heading" aria-busy={search.isFetching}>
          <h2 id="results-heading">Results</h2>
          {search.isPending && <p role="status">Searching…</p>}
          {search.isError && serverMessage === undefined && (
            <p role="alert" className="form-error">
              The search failed. Try again in a moment.
            </p>
          )}
          {search.data !== undefined && search.data.total === 0 && (
            <p role="status">No member matches “{query}” in your countries.</p>
          )}
          {search.data !== undefined && search.data.total > 0 && (
            <>
              {search.data.totalCapped && (
                <p role="status" className="notice">
                  More than {formatNumber(MEMBER_SEARCH_CAP)} members match: type more of the name,
                  email or number to narrow the search.
                </p>
              )}
              <div className="table-scroll">
                <table>
                  <caption>
                    Members matching “{query}”:{' '}
                    {search.data.totalCapped
                      ? `${formatNumber(MEMBER_SEARCH_CAP)}+`
                      : search.data.total}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">Number</th>
                      <th scope="col">Name</th>
                      <th scope="col">Email</th>
                      <th scope="col">Office ID</th>
                      <th scope="col">Country</th>
                      <th scope="col">State</th>
                    </tr>
                  </thead>
                  <tbody>
                    {search.data.items.map((member) => (
                      <tr key={member.number}>
                        <td>
                          <Link to={member.number} state={listState}>
                            {member.number}
                          </Link>
                        </td>
                        <td>
                          {member.firstName} {member.lastName}
                        </td>
                        <td>{member.email}</td>
                        <td>{member.officeId}</td>
                        <td>{member.countryCode.toUpperCase()}</td>
                        <td>{stateLabels[member.state]}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager
                label="Members"
                page={page}
                pageSize={MEMBER_SEARCH_PAGE_SIZE}
                total={search.data.total}
                onPage={(next) => setParams({ query, page: String(next) })}
              />
            </>
          )}
        </section>
      )}
    </>
  );
}
