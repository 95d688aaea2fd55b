import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ClaimDecisionSchema,
  type ClaimDecision,
  type StaffClaimDetail,
} from '@club/contract/claims';
import { bookingReasonTexts } from '@club/contract/booking-reasons';
import { formText } from '../../lib/form-text';
import { usePageTitle } from '../../lib/page-title';
import { StaffApiError, staffCall } from '../../lib/staff-api';
import { claimQuery } from './claims-api';
import { claimStateNames, when } from './claim-queue';
import { formatDay } from '../../lib/english-format';

const sourceNames = {
  console: 'Console upload',
  'command-line': 'Command line',
  'booking-queue': 'Booking queue',
} as const;

const kindNames: Record<string, string> = { air: 'Air', hotel: 'Hotel', car: 'Car', rail: 'Rail' };

/** A refusal's message: the field's, the claim's (decided already), or a general one. */
function messageOf(error: unknown, field: string): string {
  if (error instanceof StaffApiError) {
    return (
      error.fieldMessage(field) ??
      error.fieldMessage('decision') ??
      (error.status === 403 ? 'Your role may not do this.' : 'The decision failed. Try again.')
    );
  }
  return 'The decision failed. Try again.';
}

/** One claim: the member, what they said, the PNR's booking and import history, and the decision. */
export function ClaimPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  usePageTitle(`Claim ${id}`);
  const claim = useQuery(claimQuery(id));
  const [done, setDone] = useState<string | null>(null);
  const back = `..${params.size > 0 ? `?${params.toString()}` : ''}`;
  const backLink = (
    <p>
      <Link to={back} relative="path">
        Back to the claims
      </Link>
    </p>
  );

  if (claim.isPending) return <p role="status">Loading the claim…</p>;
  if (claim.isError) {
    return (
      <>
        <h1>Claim {id}</h1>
        <p role="alert" className="form-error">
          {claim.error instanceof StaffApiError && claim.error.status === 404
            ? 'There is no such claim in your countries.'
            : 'The claim could not be loaded.'}
        </p>
        {backLink}
      </>
    );
  }
  const data = claim.data;
  return (
    <>
      <h1>
        Claim {data.id}: PNR <bdi dir="ltr">{data.pnr}</bdi>
      </h1>
      {backLink}
      <div role="status">{done}</div>
      <dl className="details">
        <dt>State</dt>
        <dd>{claimStateNames[data.state]}</dd>
        <dt>Member</dt>
        <dd>
          <Link to={`/members/${data.memberNumber}`}>
            {data.memberNumber} {data.memberName}
          </Link>{' '}
          ({data.countryCode.toUpperCase()})
        </dd>
        <dt>Filed</dt>
        <dd>{when(data.filedAt)}</dd>
        <dt>Travel date</dt>
        <dd>{formatDay(data.travelDate)}</dd>
        <dt>What was booked</dt>
        <dd>{data.booked === null ? 'Not said' : kindNames[data.booked]}</dd>
        <dt>Member’s note</dt>
        <dd>{data.note ?? '—'}</dd>
        {data.state !== 'open' && (
          <>
            <dt>Decided</dt>
            <dd>
              {data.decidedAt === null ? '—' : when(data.decidedAt)}
              {data.decidedBy === null ? '' : ` by ${data.decidedBy}`}
            </dd>
            <dt>Points credited</dt>
            <dd>{data.points}</dd>
            <dt>Reason</dt>
            <dd>{data.reason ?? '—'}</dd>
          </>
        )}
      </dl>
      <BookingSection data={data} />
      <ImportHistory data={data} />
      {data.state === 'open' && <Decision data={data} onDone={setDone} />}
    </>
  );
}

function BookingSection({ data }: { data: StaffClaimDetail }) {
  return (
    <section aria-labelledby="claim-booking">
      <h2 id="claim-booking">The booking now</h2>
      {data.booking === null ? (
        <p>No booking of this PNR has arrived.</p>
      ) : (
        <>
          <p>
            {data.booking.state === 'accepted' ? 'Accepted' : 'Rejected'}
            {data.booking.reason !== null && `: ${bookingReasonTexts[data.booking.reason]}`} (booked
            on {formatDay(data.booking.createdOn)}
            {data.booking.memberNumber !== null && `, remark names ${data.booking.memberNumber}`})
          </p>
          <div className="table-scroll">
            <table>
              <caption>Segments of PNR {data.pnr}</caption>
              <thead>
                <tr>
                  <th scope="col">Kind</th>
                  <th scope="col">Service date</th>
                  <th scope="col">Status</th>
                  <th scope="col">Points</th>
                </tr>
              </thead>
              <tbody>
                {data.booking.segments.map((segment, index) => (
                  <tr key={index}>
                    <td>{kindNames[segment.kind]}</td>
                    <td>{formatDay(segment.serviceDate)}</td>
                    <td>
                      {segment.status === 'XX'
                        ? 'Cancelled'
                        : segment.status === 'OK'
                          ? 'Flown or used'
                          : 'Pending'}
                    </td>
                    <td>{segment.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function ImportHistory({ data }: { data: StaffClaimDetail }) {
  return (
    <section aria-labelledby="claim-imports">
      <h2 id="claim-imports">Import history of the PNR</h2>
      {data.importHistory.length === 0 ? (
        <p>No import rejected a line of this PNR.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption>Rejected lines of PNR {data.pnr}, oldest first</caption>
            <thead>
              <tr>
                <th scope="col">Imported</th>
                <th scope="col">From</th>
                <th scope="col">Line</th>
                <th scope="col">Reason</th>
              </tr>
            </thead>
            <tbody>
              {data.importHistory.map((line) => (
                <tr key={`${line.importId}-${line.line}`}>
                  <td>
                    <Link to={`/bookings/imports/${line.importId}`}>{when(line.importedAt)}</Link>
                  </td>
                  <td>
                    {sourceNames[line.source]} ({line.fileName})
                  </td>
                  <td>{line.line}</td>
                  <td>{line.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Approve with the proposed points (changeable within the role's limit) or reject, with a reason. */
function Decision({ data, onDone }: { data: StaffClaimDetail; onDone: (message: string) => void }) {
  const client = useQueryClient();
  const [decision, setDecision] = useState<'approve' | 'reject'>('approve');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const decide = useMutation({
    mutationFn: (body: ClaimDecision) =>
      staffCall<StaffClaimDetail>('POST', `/s2c/staff/v1/claims/${data.id}/decision`, body),
    onSuccess: (answer) => {
      client.setQueryData(claimQuery(String(data.id)).queryKey, answer);
      void client.invalidateQueries({ queryKey: ['claims', 'queue'] });
      onDone(answer.state === 'approved' ? 'The claim is approved.' : 'The claim is rejected.');
    },
    onError: (failure) =>
      setErrors({
        points: messageOf(failure, 'points'),
      }),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const checked = ClaimDecisionSchema.safeParse({
      decision,
      points: formText(form, 'points'),
      reason: formText(form, 'reason'),
    });
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    decide.mutate(checked.data);
  };
  const limit = data.adjustmentLimit;
  return (
    <section className="claim-decision" aria-labelledby="claim-decide">
      <h2 id="claim-decide">Decide</h2>
      <form onSubmit={submit} noValidate>
        <fieldset>
          <legend>Decision</legend>
          <label>
            <input
              type="radio"
              name="decision"
              value="approve"
              checked={decision === 'approve'}
              onChange={() => setDecision('approve')}
            />{' '}
            Approve and credit points
          </label>
          <label>
            <input
              type="radio"
              name="decision"
              value="reject"
              checked={decision === 'reject'}
              onChange={() => setDecision('reject')}
            />{' '}
            Reject
          </label>
        </fieldset>
        {decision === 'approve' && (
          <div className="field">
            <label htmlFor="claim-points">Points</label>
            <input
              id="claim-points"
              name="points"
              inputMode="numeric"
              defaultValue={String(data.proposedPoints)}
              aria-describedby="claim-points-hint"
              aria-invalid={errors.points ? true : undefined}
            />
            <p id="claim-points-hint" className="hint">
              Proposed: {data.proposedPoints}, what the booking earns today
              {limit !== null && `; your role may credit ${limit} more to this member today`}
            </p>
            {errors.points && <p className="field-error">{errors.points}</p>}
          </div>
        )}
        <div className="field">
          <label htmlFor="claim-reason">Reason (the member reads it)</label>
          <input
            id="claim-reason"
            name="reason"
            required
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? 'claim-reason-error' : undefined}
          />
          {errors.reason && (
            <p id="claim-reason-error" className="field-error">
              {errors.reason}
            </p>
          )}
        </div>
        {decision === 'reject' && errors.points && (
          <p role="alert" className="form-error">
            {errors.points}
          </p>
        )}
        <button type="submit" disabled={decide.isPending} aria-busy={decide.isPending}>
          {decision === 'approve' ? 'Approve the claim' : 'Reject the claim'}
        </button>
      </form>
    </section>
  );
}
