import { useId, useRef, useState } from 'react';
import { useLocation } from '../../../shared/navigation/navigator-router';
import { bookingReasonTexts, POINTS_ROWS_LIMIT, type QueuedBooking } from '@club/contract/points';
import type { ScreenPrefetch, ScreenProps } from '../../../shared/screens';
import { useCommonState } from '../../../shared/common-state';
import { useReloadWhenLoggedOut } from '../../../shared/user/use-session';
import { Loading, Unavailable } from '../../../shared/points-status/query-state';
import { useDictionary } from '../../../shared/use-dictionary';
import { LeftToRight } from '../../../shared/left-to-right';
import { useFormatNumber } from '../../../shared/points-status/format';
import { LocaleDate } from '../../../shared/locale-date';
import { loadMessageFormat, useWording } from '../../../shared/wording';
import { pointsHistoryQueryOptions, usePointsHistory } from '../api/points-history';
import { PointsHistoryChart } from '../charts/history-chart';
import { pointsPageData } from './page-data';
import { AdditionalPointsTable, PnrPointsTable, type ClaimStart } from './points-tables';
import { ClaimsSection } from '../claims/claims-section';
import { fillNodes } from '../../../shared/points-status/format';
import { OrderedGifts } from './ordered-gifts';
import { SearchForm } from './search-form';
import { StatementPrintHeader } from './print-header';
import { StatementActions } from './statement-actions';
import { Tabs } from './tabs';
import '../points.css';

/** The balance summary: available (`refresh`), expired and used points. */
function BalanceSummary({
  available,
  expired,
  used,
}: Record<'available' | 'expired' | 'used', number>) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const titleId = useId();
  const items = [
    { key: 'available', label: text('points.available', 'Available'), value: available },
    { key: 'expired', label: text('points.expired', 'Expired'), value: expired },
    { key: 'used', label: text('points.used', 'Used'), value: used },
  ];
  return (
    <section className="points-balance" aria-labelledby={titleId}>
      <h2 id={titleId}>{text('points.balanceTitle', 'Your balance')}</h2>
      <dl className="points-balance__list">
        {items.map((item) => (
          <div key={item.key} className={`points-balance__item points-balance__item--${item.key}`}>
            <dt>{item.label}</dt>
            <dd>{formatNumber(item.value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Points earned, spent and lapsed per month over the last two years, as a chart with its table. */
function PointsHistorySection({ number }: { number: string }) {
  const text = useDictionary();
  const history = usePointsHistory(number);
  const titleId = useId();
  return (
    <section className="points-history" aria-labelledby={titleId}>
      <h2 id={titleId}>{text('points.historyTitle', 'Your points month by month')}</h2>
      {history.isPending ? <Loading /> : null}
      {history.isError ? <Unavailable /> : null}
      {history.data ? <PointsHistoryChart history={history.data} /> : null}
    </section>
  );
}

/** The member's queued PNRs of the search that earned nothing, each with its reason and a claim. */
function QueuedBookings({
  queued,
  onClaim,
}: {
  queued: QueuedBooking[];
  onClaim?: (start: ClaimStart) => void;
}) {
  const text = useDictionary();
  const titleId = useId();
  if (queued.length === 0) return null;
  const labels = {
    pnr: text('points.colPnr', 'PNR'),
    booked: text('points.colBooked', 'Booked on'),
    office: text('points.colOffice', 'Office ID'),
    reason: text('points.colReason', 'Reason'),
  };
  return (
    // One landmark of this name: the scrolling table's region (a named section
    // around it would be a second region with the same name).
    <section className="points-queued">
      <h2 id={titleId}>{text('points.queuedTitle', 'PNRs that earned no points')}</h2>
      <p className="points-muted">
        {text(
          'points.queuedText',
          'These bookings reached the club but earned nothing. The reason says what to change in your next bookings.',
        )}
      </p>
      <div className="points-scroll" role="region" aria-labelledby={titleId} tabIndex={0}>
        <table className="points-table points-table--sticky points-table--cards">
          <caption className="visually-hidden">
            {text('points.queuedTitle', 'PNRs that earned no points')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{labels.pnr}</th>
              <th scope="col">{labels.booked}</th>
              <th scope="col">{labels.office}</th>
              <th scope="col">{labels.reason}</th>
            </tr>
          </thead>
          <tbody>
            {queued.map((booking) => (
              <tr key={`${booking.pnr}-${booking.date}`}>
                <th scope="row" data-label={labels.pnr}>
                  <LeftToRight>{booking.pnr}</LeftToRight>
                </th>
                <td data-label={labels.booked}>
                  <LocaleDate value={booking.date} style="short" />
                </td>
                <td data-label={labels.office}>
                  <LeftToRight>{booking.officeId}</LeftToRight>
                </td>
                <td data-label={labels.reason}>
                  {text(
                    `pointsReason.${booking.reason}`,
                    bookingReasonTexts[booking.reason] ?? booking.reason,
                  )}
                  {onClaim === undefined ? null : (
                    <button
                      type="button"
                      className="button button--secondary points-claim-button"
                      onClick={() => onClaim({ pnr: booking.pnr, travelDate: booking.date })}
                    >
                      {fillNodes(text('claims.claimThis', 'Claim missing points for PNR {pnr}'), {
                        pnr: <LeftToRight>{booking.pnr}</LeftToRight>,
                      })}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * Points (spec 2 §2.4 "Points screen"; members only): the search, the
 * balance summary with the statement's download and print, the three tabs
 * (PNR points, additional points, ordered gifts), the queued PNRs that
 * earned nothing, with their reasons, and the monthly history chart.
 */
export function PointsScreen({ page }: ScreenProps) {
  const text = useDictionary();
  const wording = useWording();
  const data = pointsPageData(page);
  const titleId = useId();
  const { hash, search } = useLocation();
  // The thank-you after an order links to it: `#order-{id}`.
  const linkedOrder = /^#order-(\d+)$/.exec(hash)?.[1];
  const linkedOrderId = linkedOrder === undefined ? undefined : Number(linkedOrder);
  const { user } = useCommonState();
  useReloadWhenLoggedOut();
  const [claimStart, setClaimStart] = useState<ClaimStart | null>(null);
  const claimHeading = useRef<HTMLHeadingElement>(null);
  /** A row's claim: the form takes its PNR and date, and the focus. */
  const startClaim = (start: ClaimStart) => {
    setClaimStart(start);
    claimHeading.current?.scrollIntoView({ block: 'start' });
    claimHeading.current?.focus();
  };
  const onClaim = user ? startClaim : undefined;
  return (
    <section className="container points-page" aria-labelledby={titleId}>
      <h1 id={titleId}>{page.title.trim() || text('points.title', 'Your points')}</h1>
      <StatementPrintHeader search={search} />
      <SearchForm page={data} />
      <BalanceSummary available={data.refresh} expired={data.expired} used={data.summUse} />
      {user ? <StatementActions number={user.number} /> : null}
      {data.truncated ? (
        <p className="alert alert--info">
          {wording.text(
            'points.truncated',
            'Only your latest {n, plural, one {PNR is} other {# PNRs are}} listed; search by date to see older ones.',
            { n: POINTS_ROWS_LIMIT },
          )}
        </p>
      ) : null}
      <Tabs
        // A new search shows its PNRs: the tabs start again on PNR points.
        key={search}
        label={text('points.tabsLabel', 'Your points in detail')}
        // The thank-you's links (redeem points) open Ordered gifts.
        initialKey={hash === '#ordered-gifts' || linkedOrderId !== undefined ? 'gifts' : undefined}
        tabs={[
          {
            key: 'pnr',
            label: text('points.tabPnr', 'PNR points'),
            content: <PnrPointsTable data={data} onClaim={onClaim} />,
            focusable: !data.noneDet && data.points.length > 0,
          },
          {
            key: 'additional',
            label: text('points.tabAdditional', 'Additional points'),
            content: <AdditionalPointsTable data={data} />,
            focusable: data.addArray.length > 0,
          },
          {
            key: 'gifts',
            label: text('points.tabGifts', 'Ordered gifts'),
            content: <OrderedGifts data={data} linkedOrderId={linkedOrderId} />,
            focusable: false,
          },
        ]}
      />
      <QueuedBookings queued={data.queued} onClaim={onClaim} />
      {user ? <ClaimsSection ref={claimHeading} number={user.number} start={claimStart} /> : null}
      {/* After the spec's search, balance and tabs: the two years at a glance. */}
      {user ? <PointsHistorySection number={user.number} /> : null}
    </section>
  );
}

/**
 * The monthly history comes with the page (the page loader waits on it), and
 * counts are worded with plural forms: the formatter comes before the first paint.
 */
PointsScreen.prefetch = async ({ queryClient, user }: ScreenPrefetch): Promise<void> => {
  const formatter = loadMessageFormat();
  if (user !== null) await queryClient.prefetchQuery(pointsHistoryQueryOptions(user.number));
  await formatter;
};
