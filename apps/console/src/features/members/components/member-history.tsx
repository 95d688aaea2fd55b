import { Link } from 'react-router';
import { Fragment, useState, type ReactNode } from 'react';
import type { MemberLedgerEntry, MemberView } from '@club/contract/staff-members';
import type { OrderState } from '@club/contract/gift-rules';
import { orderStateWords } from '@club/contract/order-state-words';
import { queryString, staffCall } from '../../../lib/staff-api';
import { bookingAnchor, entryKindLabels, formatPoints, formatTime } from './member-words';
import { formatDay } from '../../../lib/english-format';

/** The member's ledger (with older entries on request), orders and mails. */
export function MemberHistory({ data }: { data: MemberView }) {
  return (
    <>
      <Ledger
        number={data.profile.number}
        entries={data.ledger}
        hasMore={data.ledgerHasMore}
        bookedPnrs={new Set(data.bookings.map((booking) => booking.pnr))}
      />
      <Orders orders={data.orders} />
      <Mails mails={data.mails} />
    </>
  );
}

/**
 * Why an entry moved points, with its PNR a link to the booking shown above
 * (when the view lists it) and its order a link to the order.
 */
function EntryReason({ entry, bookedPnrs }: { entry: MemberLedgerEntry; bookedPnrs: Set<string> }) {
  const parts: ReactNode[] = [];
  if (entry.description) parts.push(entry.description);
  if (entry.pnr !== null) {
    parts.push(
      bookedPnrs.has(entry.pnr) ? (
        <a href={`#${bookingAnchor(entry.pnr)}`}>
          PNR <bdi dir="ltr">{entry.pnr}</bdi>
        </a>
      ) : (
        <>
          PNR <bdi dir="ltr">{entry.pnr}</bdi>
        </>
      ),
    );
  }
  if (entry.orderId !== null) {
    parts.push(<Link to={`/orders/${entry.orderId}`}>Order {entry.orderId}</Link>);
  }
  if (parts.length === 0) return <>—</>;
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && ' · '}
          {part}
        </Fragment>
      ))}
    </>
  );
}

function Ledger(props: {
  number: string;
  entries: MemberLedgerEntry[];
  hasMore: boolean;
  bookedPnrs: Set<string>;
}) {
  const [older, setOlder] = useState<MemberLedgerEntry[]>([]);
  const [hasMore, setHasMore] = useState(props.hasMore);
  const [loading, setLoading] = useState(false);
  const entries = [...props.entries, ...older];
  const loadOlder = async () => {
    setLoading(true);
    try {
      const page = await staffCall<{ entries: MemberLedgerEntry[]; hasMore: boolean }>(
        'GET',
        `/s2c/staff/v1/members/${props.number}/ledger${queryString({ before: entries.at(-1)?.id })}`,
      );
      setOlder((current) => [...current, ...page.entries]);
      setHasMore(page.hasMore);
    } finally {
      setLoading(false);
    }
  };
  return (
    <section aria-labelledby="ledger-heading" className="member-section">
      <h2 id="ledger-heading">Ledger</h2>
      {entries.length === 0 ? (
        <p>No points entry yet.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption>Every change of the member’s points, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Kind</th>
                <th scope="col">Points</th>
                <th scope="col">Reason</th>
                <th scope="col">By</th>
                <th scope="col">Lapses on</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id}>
                  <td>{formatDay(entry.entryDate)}</td>
                  <td>{entryKindLabels[entry.kind]}</td>
                  <td className="number">{formatPoints(entry.amount)}</td>
                  <td>
                    <EntryReason entry={entry} bookedPnrs={props.bookedPnrs} />
                  </td>
                  <td>{entry.adjustedBy ?? '—'}</td>
                  <td>{entry.expiresOn === null ? '—' : formatDay(entry.expiresOn)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {hasMore && (
        <button
          type="button"
          onClick={() => void loadOlder()}
          disabled={loading}
          aria-busy={loading}
        >
          Show older entries
        </button>
      )}
    </section>
  );
}

function Orders({ orders }: { orders: MemberView['orders'] }) {
  return (
    <section aria-labelledby="orders-heading" className="member-section">
      <h2 id="orders-heading">Orders</h2>
      {orders.length === 0 ? (
        <p>No gift order yet.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption>Gift orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed</th>
                <th scope="col">State</th>
                <th scope="col">Gifts</th>
                <th scope="col">Points</th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id}>
                  <th scope="row">
                    <Link to={`/orders/${order.id}`}>Order {order.id}</Link>
                  </th>
                  <td>{formatTime(order.createdAt)}</td>
                  <td>
                    {orderStateWords[order.state as OrderState] ?? order.state}
                    {order.lastError === null ? '' : ` (${order.lastError})`}
                  </td>
                  <td>
                    {order.lines
                      .map(
                        (line) =>
                          `${line.quantity} × ${line.description} (${formatPoints(line.points)})`,
                      )
                      .join(', ')}
                  </td>
                  <td className="number">{formatPoints(order.totalPoints)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const mailStates = { sent: 'Sent', waiting: 'Waiting to be sent', retrying: 'Retrying' } as const;

function Mails({ mails }: { mails: MemberView['mails'] }) {
  return (
    <section aria-labelledby="mails-heading" className="member-section">
      <h2 id="mails-heading">Mails</h2>
      {mails.length === 0 ? (
        <p>No mail sent to this address.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption>Mails to the member’s address, newest first (their text is not shown)</caption>
            <thead>
              <tr>
                <th scope="col">Written</th>
                <th scope="col">Template</th>
                <th scope="col">Subject</th>
                <th scope="col">State</th>
                <th scope="col">Sent</th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail.id}>
                  <td>{formatTime(mail.createdAt)}</td>
                  <td>{mail.template}</td>
                  <td>{mail.subject}</td>
                  <td>
                    {mailStates[mail.state]}
                    {mail.attempts > 1 ? ` (${mail.attempts} attempts)` : ''}
                  </td>
                  <td>{formatTime(mail.sentAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
