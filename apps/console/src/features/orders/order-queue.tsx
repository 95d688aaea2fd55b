import { formText } from '../../lib/form-text';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { orderStates } from '@club/contract/gift-rules';
import { orderStateWords } from '@club/contract/order-state-words';
import { downloadFile } from '../../lib/staff-api';
import { useListState } from '../../lib/list-return';
import { usePageTitle } from '../../lib/page-title';
import { useStaff } from '../../lib/staff-session';
import { Pager } from '../../lib/ui/pager';
import { orderQueueQuery, ordersCsvPath, type QueueFilter } from './orders-api';
import { formatMoment } from '../../lib/english-format';
import { countryName } from '../../lib/names';

/** The order states' words, shared with every screen and export that names them. */
export const stateNames: Record<string, string> = orderStateWords;

const filterKeys = ['state', 'country', 'gift', 'from', 'to'] as const;

function filterOf(params: URLSearchParams): QueueFilter {
  return {
    state: params.get('state') ?? '',
    country: params.get('country') ?? '',
    gift: params.get('gift') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: Number(params.get('page') ?? 0) || 0,
  };
}

/** The order queue: filters kept in the URL, a table of orders newest first, paging and the CSV. */
export function OrderQueueScreen() {
  usePageTitle('Orders');
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const listState = useListState();
  const filter = filterOf(params);
  const queue = useQuery(orderQueueQuery(filter));
  const [exportError, setExportError] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of filterKeys) {
      const value = formText(form, key);
      if (value !== '') next.set(key, value);
    }
    setParams(next);
  };
  const toPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
  };
  const exportCsv = async () => {
    setExportError(null);
    setExporting(true);
    try {
      await downloadFile(ordersCsvPath(filter), 'orders.csv');
    } catch {
      setExportError('The export failed. Try again in a moment.');
    } finally {
      setExporting(false);
    }
  };
  const fieldError = (name: string) =>
    queue.error && 'fieldMessage' in queue.error
      ? (queue.error as { fieldMessage(field: string): string | undefined }).fieldMessage(name)
      : undefined;

  return (
    <>
      <h1>Orders</h1>
      {staff.role !== 'support' && (
        <p>
          <Link to="bulk-fulfilment">Bulk fulfilment from a file</Link>
        </p>
      )}
      <form className="toolbar order-filters" onSubmit={apply} aria-label="Filter the orders">
        <div className="field">
          <label htmlFor="order-state">State</label>
          <select id="order-state" name="state" defaultValue={filter.state}>
            <option value="">Any state</option>
            {orderStates.map((state) => (
              <option key={state} value={state}>
                {stateNames[state]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="order-country">Country</label>
          {staff.role === 'admin' ? (
            <input
              id="order-country"
              name="country"
              defaultValue={filter.country}
              size={4}
              maxLength={2}
              aria-describedby="order-country-hint"
              aria-invalid={fieldError('country') ? true : undefined}
            />
          ) : (
            <select id="order-country" name="country" defaultValue={filter.country}>
              <option value="">All my countries</option>
              {staff.countries.map((country) => (
                <option key={country} value={country}>
                  {countryName(country)}
                </option>
              ))}
            </select>
          )}
          {staff.role === 'admin' && (
            <p id="order-country-hint" className="hint">
              Two letters, e.g. gr; empty for every country
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="order-gift">Gift number</label>
          <input
            id="order-gift"
            name="gift"
            inputMode="numeric"
            defaultValue={filter.gift}
            size={8}
          />
        </div>
        <div className="field">
          <label htmlFor="order-from">Placed from</label>
          <input id="order-from" name="from" type="date" defaultValue={filter.from} />
        </div>
        <div className="field">
          <label htmlFor="order-to">Placed until</label>
          <input id="order-to" name="to" type="date" defaultValue={filter.to} />
        </div>
        <button type="submit">Show orders</button>
        <button
          type="button"
          className="secondary"
          onClick={() => void exportCsv()}
          aria-busy={exporting}
          disabled={exporting}
        >
          Export as CSV
        </button>
      </form>
      {exportError && (
        <p role="alert" className="form-error">
          {exportError}
        </p>
      )}
      {queue.isPending && <p role="status">Loading orders…</p>}
      {queue.isError && (
        <p role="alert" className="form-error">
          {(queue.error as { status?: number }).status === 404
            ? `There are no orders of ${filter.country.toUpperCase()} in your countries.`
            : null}
          {(queue.error as { status?: number }).status !== 404 &&
            (fieldError('country') ??
              fieldError('from') ??
              fieldError('to') ??
              fieldError('gift') ??
              'The orders could not be loaded.')}
        </p>
      )}
      {queue.data && (
        <>
          <div className="table-scroll">
            <table>
              <caption>
                Orders, newest first{queue.data.totalCapped ? ' (more than 10,000 match)' : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Order</th>
                  <th scope="col">Placed</th>
                  <th scope="col">Country</th>
                  <th scope="col">State</th>
                  <th scope="col">Member</th>
                  <th scope="col">Gifts</th>
                  <th scope="col">Points</th>
                </tr>
              </thead>
              <tbody>
                {queue.data.items.length === 0 && (
                  <tr>
                    <td colSpan={7}>No orders match.</td>
                  </tr>
                )}
                {queue.data.items.map((order) => (
                  <tr key={order.id}>
                    <th scope="row">
                      <Link to={String(order.id)} state={listState}>
                        Order {order.id}
                      </Link>
                    </th>
                    <td>{formatMoment(order.createdAt)}</td>
                    <td>{order.countryCode.toUpperCase()}</td>
                    <td>{stateNames[order.state]}</td>
                    <td>
                      <Link to={`/members/${order.member.number}`}>
                        {order.member.number} {order.member.firstName} {order.member.lastName}
                      </Link>
                    </td>
                    <td>{order.gifts}</td>
                    <td>{order.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={queue.data.page}
            pageSize={queue.data.pageSize}
            total={queue.data.total}
            onPage={toPage}
            label="Orders"
          />
        </>
      )}
    </>
  );
}
