import { useId } from 'react';
import { useLocation } from 'react-router';
import { bookingReasonTexts, POINTS_ROWS_LIMIT, type QueuedBooking } from '@club/contract/points';
import type { ScreenProps } from '../../../shared/screens';
import { useReloadWhenLoggedOut } from '../../../shared/user/use-session';
import { useDictionary } from '../../../shared/use-dictionary';
import { LeftToRight } from '../../../shared/left-to-right';
import { fill, IsoDate, useFormatNumber } from '../../../shared/points-status/format';
import { pointsPageData } from './page-data';
import { AdditionalPointsTable, PnrPointsTable } from './points-tables';
import { OrderedGifts } from './ordered-gifts';
import { SearchForm } from './search-form';
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

/** The member's queued PNRs of the search that earned nothing, each with its reason. */
function QueuedBookings({ queued }: { queued: QueuedBooking[] }) {
  const text = useDictionary();
  const titleId = useId();
  if (queued.length === 0) return null;
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
        <table className="points-table points-table--sticky">
          <caption className="visually-hidden">
            {text('points.queuedTitle', 'PNRs that earned no points')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{text('points.colPnr', 'PNR')}</th>
              <th scope="col">{text('points.colBooked', 'Booked on')}</th>
              <th scope="col">{text('points.colOffice', 'Office ID')}</th>
              <th scope="col">{text('points.colReason', 'Reason')}</th>
            </tr>
          </thead>
          <tbody>
            {queued.map((booking) => (
              <tr key={`${booking.pnr}-${booking.date}`}>
                <th scope="row">
                  <LeftToRight>{booking.pnr}</LeftToRight>
                </th>
                <td>
                  <IsoDate value={booking.date} />
                </td>
                <td>
                  <LeftToRight>{booking.officeId}</LeftToRight>
                </td>
                <td>
                  {text(
                    `pointsReason.${booking.reason}`,
                    bookingReasonTexts[booking.reason] ?? booking.reason,
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
 * balance summary, the three tabs (PNR points, additional points, ordered
 * gifts) and the queued PNRs that earned nothing, with their reasons.
 */
export function PointsScreen({ page }: ScreenProps) {
  const text = useDictionary();
  const formatNumber = useFormatNumber();
  const data = pointsPageData(page);
  const titleId = useId();
  const { hash } = useLocation();
  useReloadWhenLoggedOut();
  return (
    <section className="container points-page" aria-labelledby={titleId}>
      <h1 id={titleId}>{page.title.trim() || text('points.title', 'Your points')}</h1>
      <SearchForm page={data} />
      <BalanceSummary available={data.refresh} expired={data.expired} used={data.summUse} />
      {data.truncated ? (
        <p className="alert alert--info">
          {fill(
            text(
              'points.truncated',
              'Only your latest {n} PNRs are listed; search by date to see older ones.',
            ),
            { n: formatNumber(POINTS_ROWS_LIMIT) },
          )}
        </p>
      ) : null}
      <Tabs
        label={text('points.tabsLabel', 'Your points in detail')}
        // The gifts' "See your ordered gifts" link (redeem points) opens Ordered gifts.
        initialKey={hash === '#ordered-gifts' ? 'gifts' : undefined}
        tabs={[
          {
            key: 'pnr',
            label: text('points.tabPnr', 'PNR points'),
            content: <PnrPointsTable data={data} />,
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
            content: <OrderedGifts data={data} />,
            focusable: false,
          },
        ]}
      />
      <QueuedBookings queued={data.queued} />
    </section>
  );
}
