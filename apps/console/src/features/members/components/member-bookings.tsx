import { earnedText } from '@club/contract/earning-rule-words';
import type { MemberBooking } from '@club/contract/staff-members';
import { bookingReasonTexts } from '@club/contract/booking-reasons';
import { bookingAnchor, formatPoints, noPointsText } from './member-words';
import { formatDay } from '../../../lib/english-format';

const statusLabels = { OK: 'Validated', PD: 'Pending', XX: 'Cancelled' } as const;

/**
 * A segment's status as staff read it: a rejected booking credited none of
 * its segments, so none of them reads "Validated" or "Pending", whatever the
 * record said (its own code stays in brackets).
 */
function segmentStatus(booking: MemberBooking, status: keyof typeof statusLabels): string {
  if (booking.state === 'rejected' && status !== 'XX') return 'Not credited (booking rejected)';
  return statusLabels[status];
}

/** The member's bookings, each with its segments and why any of them earned nothing. */
export function MemberBookings({ bookings }: { bookings: readonly MemberBooking[] }) {
  return (
    <section aria-labelledby="bookings-heading" className="member-section">
      <h2 id="bookings-heading">Bookings</h2>
      {bookings.length === 0 ? (
        <p>No booking names this member.</p>
      ) : (
        bookings.map((booking) => (
          <div key={booking.pnr} id={bookingAnchor(booking.pnr)} className="table-scroll booking">
            <table>
              <caption>
                PNR {booking.pnr}, {formatDay(booking.createdOn)}, office {booking.officeId}:{' '}
                {booking.state === 'rejected'
                  ? `rejected — ${booking.reason === null ? 'no reason stored' : bookingReasonTexts[booking.reason]}`
                  : `${formatPoints(booking.points)} points`}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Segment</th>
                  <th scope="col">Kind</th>
                  <th scope="col">Service date</th>
                  <th scope="col">Status</th>
                  <th scope="col">Points</th>
                  <th scope="col">Why no points</th>
                  <th scope="col">Earned by</th>
                </tr>
              </thead>
              <tbody>
                {booking.segments.map((segment) => (
                  <tr key={segment.segmentId}>
                    <th scope="row">{segment.segmentId}</th>
                    <td>{segment.kind}</td>
                    <td>
                      {formatDay(segment.serviceDate)}
                      {segment.endDate === null ? '' : ` – ${formatDay(segment.endDate)}`}
                    </td>
                    <td>
                      {segmentStatus(booking, segment.status)} ({segment.sourceStatus})
                    </td>
                    <td>{formatPoints(segment.points)}</td>
                    <td>
                      {segment.noPointsReason === null ? '—' : noPointsText(segment.noPointsReason)}
                    </td>
                    <td>
                      {segment.rules.length === 0 ? '—' : earnedText(segment.kind, segment.rules)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))
      )}
    </section>
  );
}
