import { Link, useParams } from 'react-router';
import type { MemberView } from '@club/contract/staff-members';
import { useBackToList } from '../../../lib/list-return';
import { usePageTitle } from '../../../lib/page-title';
import { StaffApiError } from '../../../lib/staff-api';
import { MemberActions } from '../actions/member-actions';
import { useMemberView } from '../api/member-view';
import { AdjustPointsForm } from './adjust-points-form';
import { MemberBookings } from './member-bookings';
import { MemberHistory } from './member-history';
import { MemberTaxDetails } from './member-tax-details';
import { formatPoints, formatTime, stateLabels } from './member-words';

/** The single member view: everything staff need when an agent calls about their points. */
export function MemberDetails() {
  const { number = '' } = useParams();
  const view = useMemberView(number);
  const name =
    view.data === undefined
      ? `Member ${number}`
      : `${view.data.profile.firstName} ${view.data.profile.lastName}`;
  usePageTitle(name);
  const back = useBackToList();

  if (view.isPending) return <p role="status">Loading member {number}…</p>;
  if (view.isError) {
    const missing = view.error instanceof StaffApiError && view.error.status === 404;
    return (
      <>
        <h1>{missing ? 'No such member' : `Member ${number}`}</h1>
        <p role="alert" className="form-error">
          {missing
            ? `There is no member ${number} in your countries.`
            : 'The member could not be loaded. Try again in a moment.'}
        </p>
        <p>
          <Link to={back}>Back to the search</Link>
        </p>
      </>
    );
  }
  const data = view.data;
  return (
    <>
      <p>
        <Link to={back}>Back to the search</Link>
      </p>
      <h1>
        {name} <span className="member-number">({data.profile.number})</span>
      </h1>
      <Profile data={data} />
      <Status data={data} />
      <AdjustPointsForm
        number={data.profile.number}
        memberName={name}
        available={data.status.available}
        limit={data.adjustmentLimit}
      />
      <MemberTaxDetails number={data.profile.number} />
      <MemberActions number={data.profile.number} onChanged={() => void view.refetch()} />
      <MemberBookings bookings={data.bookings} />
      <MemberHistory data={data} />
    </>
  );
}

function Profile({ data }: { data: MemberView }) {
  const { profile } = data;
  const termsCurrent = profile.acceptedTermsVersion === profile.countryTermsVersion;
  return (
    <section aria-labelledby="profile-heading" className="member-section">
      <h2 id="profile-heading">Profile</h2>
      <dl className="facts">
        <dt>State</dt>
        <dd>{stateLabels[profile.state]}</dd>
        <dt>Country and language</dt>
        <dd>
          {profile.countryCode.toUpperCase()}, {profile.languageCode}
        </dd>
        <dt>Email</dt>
        <dd>{profile.email}</dd>
        <dt>Phone</dt>
        <dd>{profile.phone === '' ? '—' : profile.phone}</dd>
        <dt>Office ID</dt>
        <dd>{profile.officeId}</dd>
        <dt>Direct-access user</dt>
        <dd>{profile.directAccess ? 'Yes' : 'No'}</dd>
        <dt>Terms</dt>
        <dd>
          {profile.acceptedTermsVersion === null
            ? 'None accepted'
            : `Version ${profile.acceptedTermsVersion} accepted ${formatTime(profile.termsAcceptedAt)}`}
          {termsCurrent
            ? ' (current)'
            : ` — the country publishes version ${profile.countryTermsVersion}`}
        </dd>
        <dt>Login backoff</dt>
        <dd>
          {profile.loginBackoff.blockedUntil !== null
            ? `Logins wait until ${formatTime(profile.loginBackoff.blockedUntil)} (${profile.loginBackoff.failures} failed)`
            : `${profile.loginBackoff.failures} failed logins counted`}
        </dd>
        <dt>Open sessions</dt>
        <dd>{profile.openSessions}</dd>
        <dt>Registered</dt>
        <dd>{formatTime(profile.createdAt)}</dd>
        <dt>Activated</dt>
        <dd>{formatTime(profile.activatedAt)}</dd>
        {profile.deletedAt !== null && (
          <>
            <dt>Deleted</dt>
            <dd>{formatTime(profile.deletedAt)}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

function Status({ data }: { data: MemberView }) {
  const { status } = data;
  const rows: [string, number][] = [
    ['Available', status.available],
    ['Accumulated', status.accumulated],
    ['From segments', status.regular],
    ['Additional', status.additional],
    ['Used on gifts', status.used],
    ['Expired', status.expired],
    ['Segments pending', status.totalSegmentsPD],
    ['Segments validated', status.totalSegmentsOk],
  ];
  return (
    <section aria-labelledby="status-heading" className="member-section">
      <h2 id="status-heading">Status</h2>
      <dl className="facts status-figures">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatPoints(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
