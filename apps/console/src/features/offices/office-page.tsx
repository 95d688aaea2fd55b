import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { OfficeDetail } from '@club/contract/staff-offices';
import { StaffApiError } from '../../lib/staff-api';
import { useBackToList } from '../../lib/list-return';
import { usePageTitle } from '../../lib/page-title';
import { hasRole, useStaff } from '../../lib/staff-session';
import { AgencyLinkMaker } from './agency-link-maker';
import { officeQuery } from './offices-api';
import { changeSource, changeText, officeStateText, timeText } from './office-states';

/** An office: its state and the state's history, decision makers, waiting agents and members. */
export function OfficePage() {
  const { officeId = '' } = useParams();
  usePageTitle(`Office ${officeId.toUpperCase()}`);
  const back = useBackToList();
  const staff = useStaff();
  const office = useQuery(officeQuery(officeId));

  if (office.isPending) return <p role="status">Loading…</p>;
  if (office.isError) {
    const missing = office.error instanceof StaffApiError && office.error.status === 404;
    return (
      <>
        <h1>Office {officeId.toUpperCase()}</h1>
        <p className="form-error" role="alert">
          {missing
            ? 'There is no such office in your countries.'
            : 'The office could not be loaded. Try again.'}
        </p>
        <p>
          <Link to={back}>Back to the offices</Link>
        </p>
      </>
    );
  }
  const data = office.data;
  return (
    <>
      <p>
        <Link to={back}>Offices</Link>
      </p>
      <h1>
        Office {data.officeId}: {data.agencyName}
      </h1>
      <dl className="office-facts">
        <dt>State</dt>
        <dd>{officeStateText(data)}</dd>
        <dt>Decided by the decision maker</dt>
        <dd>
          {data.decidedAt === null ? 'Not yet: the directory decides' : timeText(data.decidedAt)}
        </dd>
        <dt>Address</dt>
        <dd>
          {data.address}, {data.zip}
        </dd>
        <dt>Country</dt>
        <dd>{data.countryCode.toUpperCase()}</dd>
      </dl>

      <StateHistory history={data.history} />
      <DecisionMakers data={data} />
      {hasRole(staff, ['admin', 'manager']) && <AgencyLinkMaker officeId={data.officeId} />}
      <WaitingAgents data={data} />
      <Members data={data} />
    </>
  );
}

function StateHistory({ history }: { history: OfficeDetail['history'] }) {
  return (
    <section aria-labelledby="state-history">
      <h2 id="state-history">State history</h2>
      {history.length === 0 ? (
        <p>No change recorded yet.</p>
      ) : (
        <ol className="timeline">
          {history.map((change, index) => (
            <li key={`${change.at}-${index}`}>
              <p className="timeline-when">
                <time dateTime={change.at}>{timeText(change.at)}</time>
              </p>
              <p className="timeline-what">{changeText(change)}</p>
              <p className="timeline-who">{changeSource(change)}</p>
              {change.comment !== '' && <p className="timeline-comment">“{change.comment}”</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function DecisionMakers({ data }: { data: OfficeDetail }) {
  const submitted = new Map<string, string>();
  for (const change of data.history) {
    if (change.decisionMaker !== null) {
      const { firstName, lastName, email } = change.decisionMaker;
      if (!submitted.has(email)) submitted.set(email, `${firstName} ${lastName}`);
    }
  }
  return (
    <section aria-labelledby="decision-makers">
      <h2 id="decision-makers">Decision makers</h2>
      <p>
        In the directory:{' '}
        {data.decisionMaker.email === null
          ? 'none named'
          : `${data.decisionMaker.name ?? ''} (${data.decisionMaker.email})`}
      </p>
      {submitted.size > 0 && (
        <>
          <p>Who opted the agency in or out:</p>
          <ul>
            {[...submitted].map(([email, name]) => (
              <li key={email}>
                {name} ({email})
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function WaitingAgents({ data }: { data: OfficeDetail }) {
  return (
    <section aria-labelledby="waiting-agents">
      <h2 id="waiting-agents">Waiting agents</h2>
      <p>
        {data.enrolRequests.total === 0
          ? 'No agent asked for the decision maker to be told.'
          : `${data.enrolRequests.total} ${data.enrolRequests.total === 1 ? 'request' : 'requests'} that the decision maker be told; the latest ${timeText(data.enrolRequests.items[0]!.requestedAt)}.`}
      </p>
      {data.waitingAgents.length === 0 ? (
        <p>No agent left an email to be told.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption>Agents to be told once the office takes part</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Since</th>
                <th scope="col">Told</th>
              </tr>
            </thead>
            <tbody>
              {data.waitingAgents.map((agent) => (
                <tr key={agent.email}>
                  <th scope="row">{agent.email}</th>
                  <td>{timeText(agent.since)}</td>
                  <td>{agent.notifiedAt === null ? 'Not yet' : timeText(agent.notifiedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Members({ data }: { data: OfficeDetail }) {
  const { items, total } = data.members;
  return (
    <section aria-labelledby="office-members">
      <h2 id="office-members">Members</h2>
      {total === 0 ? (
        <p>No member is registered with this office.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption>
              {total > items.length
                ? `The first ${items.length} of ${total} members`
                : `${total} ${total === 1 ? 'member' : 'members'}`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Member number</th>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">State</th>
              </tr>
            </thead>
            <tbody>
              {items.map((member) => (
                <tr key={member.number}>
                  <th scope="row">{member.number}</th>
                  <td>
                    {member.firstName} {member.lastName}
                  </td>
                  <td>{member.email}</td>
                  <td>{member.state}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
