import { Link } from 'react-router';
import { Fragment, useState, type ReactNode } from 'react';
import type { MemberLedgerEntry, MemberView } from '@club/contract/staff-members';
import type { OrderState } from '@club/contract/gift-rules';
import { orderStateWords } from '@club/contract/order-state-words';
import { queryString, staffCall } from '../../../lib/staff-api';
import { bookingAnchor, entryKindLabels, formatPoints, formatTime } from './member-words';
import { formatDay } from '../../../lib/english-format';
import { ListTable, type ListColumn } from '../../../lib/ui/list-table';

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

const ledgerColumns = (bookedPnrs: Set<string>): ListColumn<MemberLedgerEntry>[] => [
  { header: 'Date', cell: (entry) => formatDay(entry.entryDate) },
  { header: 'Kind', cell: (entry) => entryKindLabels[entry.kind] },
  { header: 'Points', numeric: true, cell: (entry) => formatPoints(entry.amount) },
  { header: 'Reason', cell: (entry) => <EntryReason entry={entry} bookedPnrs={bookedPnrs} /> },
  { header: 'By', cell: (entry) => entry.adjustedBy ?? '—' },
  {
    header: 'Lapses on',
    cell: (entry) => (entry.expiresOn === null ? '—' : formatDay(entry.expiresOn)),
  },
];

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
        <ListTable
          caption="Every change of the member’s points, newest first"
          columns={ledgerColumns(props.bookedPnrs)}
          rows={entries}
          rowKey={(entry) => entry.id}
        />
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

const orderColumns: ListColumn<MemberView['orders'][number]>[] = [
  {
    header: 'Order',
    rowHeader: true,
    cell: (order) => <Link to={`/orders/${order.id}`}>Order {order.id}</Link>,
  },
  { header: 'Placed', cell: (order) => formatTime(order.createdAt) },
  {
    header: 'State',
    cell: (order) =>
      `${orderStateWords[order.state as OrderState] ?? order.state}${order.lastError === null ? '' : ` (${order.lastError})`}`,
  },
  {
    header: 'Gifts',
    cell: (order) =>
      order.lines
        .map((line) => `${line.quantity} × ${line.description} (${formatPoints(line.points)})`)
        .join(', '),
  },
  { header: 'Points', numeric: true, cell: (order) => formatPoints(order.totalPoints) },
];

function Orders({ orders }: { orders: MemberView['orders'] }) {
  return (
    <section aria-labelledby="orders-heading" className="member-section">
      <h2 id="orders-heading">Orders</h2>
      {orders.length === 0 ? (
        <p>No gift order yet.</p>
      ) : (
        <ListTable
          caption="Gift orders, newest first"
          columns={orderColumns}
          rows={orders}
          rowKey={(order) => order.id}
        />
      )}
    </section>
  );
}

const mailStates = { sent: 'Sent', waiting: 'Waiting to be sent', retrying: 'Retrying' } as const;

const mailColumns: ListColumn<MemberView['mails'][number]>[] = [
  { header: 'Written', cell: (mail) => formatTime(mail.createdAt) },
  { header: 'Template', cell: (mail) => mail.template },
  { header: 'Subject', cell: (mail) => mail.subject },
  {
    header: 'State',
    cell: (mail) =>
      `${mailStates[mail.state]}${mail.attempts > 1 ? ` (${mail.attempts} attempts)` : ''}`,
  },
  { header: 'Sent', cell: (mail) => formatTime(mail.sentAt) },
];

function Mails({ mails }: { mails: MemberView['mails'] }) {
  return (
    <section aria-labelledby="mails-heading" className="member-section">
      <h2 id="mails-heading">Mails</h2>
      {mails.length === 0 ? (
        <p>No mail sent to this address.</p>
      ) : (
        <ListTable
          caption="Mails to the member’s address, newest first (their text is not shown)"
          columns={mailColumns}
          rows={mails}
          rowKey={(mail) => mail.id}
        />
      )}
    </section>
  );
}
