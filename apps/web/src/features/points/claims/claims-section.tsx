import { forwardRef, lazy, Suspense, useId, useState } from 'react';
import type { ClaimState, MemberClaim } from '@club/contract/claims';
import { LeftToRight } from '../../../shared/left-to-right';
import { LocaleDate } from '../../../shared/locale-date';
import { Loading, Unavailable } from '../../../shared/points-status/query-state';
import { fillNodes, useFormatNumber } from '../../../shared/points-status/format';
import { useDictionary } from '../../../shared/use-dictionary';
import { useClaims } from './claims-api';

/** The form and the form library come only where the form shows. */
const ClaimForm = lazy(() =>
  import('./claim-form').then((module) => ({ default: module.ClaimForm })),
);

function useStateText() {
  const text = useDictionary();
  const words: Record<ClaimState, string> = {
    open: text('claims.state.open', 'Open'),
    approved: text('claims.state.approved', 'Approved'),
    rejected: text('claims.state.rejected', 'Rejected'),
    matched: text('claims.state.matched', 'Matched: the booking arrived and earns its points'),
  };
  return (state: ClaimState) => words[state];
}

/** The member's claims with their state, the points credited and the decision's reason. */
function ClaimsTable({ claims }: { claims: MemberClaim[] }) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const stateText = useStateText();
  const captionId = useId();
  if (claims.length === 0) {
    return (
      <p className="points-empty">
        {text('claims.none', 'You have not claimed any missing points.')}
      </p>
    );
  }
  const labels = {
    pnr: text('claims.colPnr', 'PNR'),
    filed: text('claims.colFiled', 'Filed on'),
    state: text('claims.colState', 'State'),
    points: text('claims.colPoints', 'Points'),
    reason: text('claims.colReason', 'Reason'),
  };
  return (
    <div className="points-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="points-table points-table--sticky points-table--cards">
        <caption id={captionId}>{text('claims.listCaption', 'Your claims')}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.pnr}</th>
            <th scope="col">{labels.filed}</th>
            <th scope="col">{labels.state}</th>
            <th scope="col" className="points-number">
              {labels.points}
            </th>
            <th scope="col">{labels.reason}</th>
          </tr>
        </thead>
        <tbody>
          {claims.map((claim) => (
            <tr key={claim.id} data-state={claim.state}>
              <th scope="row" data-label={labels.pnr}>
                <LeftToRight>{claim.pnr}</LeftToRight>
              </th>
              <td data-label={labels.filed}>
                <LocaleDate value={claim.filedAt.slice(0, 10)} style="short" />
              </td>
              <td data-label={labels.state}>{stateText(claim.state)}</td>
              <td className="points-number" data-label={labels.points}>
                {formatNumber(claim.points)}
              </td>
              <td data-label={labels.reason}>{claim.reason ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Missing points (docs/bookings.md, "Missing-points claims"): the member's
 * claims and the "Claim missing points" form, which a PNR row or a rejected
 * PNR fills (`start`) and brings focus to.
 */
export const ClaimsSection = forwardRef<
  HTMLHeadingElement,
  { number: string; start: { pnr: string; travelDate: string } | null }
>(function ClaimsSection({ number, start }, headingRef) {
  const text = useDictionary();
  const claims = useClaims(number);
  const titleId = useId();
  const formTitleId = useId();
  const [sent, setSent] = useState<MemberClaim | null>(null);
  return (
    <section id="claims" className="points-claims" aria-labelledby={titleId}>
      <h2 id={titleId}>{text('claims.title', 'Missing points')}</h2>
      <p className="points-muted">
        {text(
          'claims.intro',
          'A booking earned you nothing although it should have? Claim its points and we check it.',
        )}
      </p>
      {claims.isPending ? <Loading /> : null}
      {claims.isError ? <Unavailable /> : null}
      {claims.data ? <ClaimsTable claims={claims.data.items} /> : null}
      <h3 id={formTitleId} ref={headingRef} tabIndex={-1}>
        {text('claims.formTitle', 'Claim missing points')}
      </h3>
      <div role="status">
        {sent === null ? null : (
          <p className="alert alert--success">
            {fillNodes(
              text('claims.sent', 'Your claim for PNR {pnr} was sent. We mail you our decision.'),
              { pnr: <LeftToRight>{sent.pnr}</LeftToRight> },
            )}
          </p>
        )}
      </div>
      <Suspense fallback={null}>
        <ClaimForm number={number} start={start} onFiled={setSent} />
      </Suspense>
    </section>
  );
});
