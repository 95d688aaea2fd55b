import { queryOptions } from '@tanstack/react-query';
import type { OrderQueue, StaffOrder } from '@club/contract/staff-orders';
import { queryString, staffCall, type FormValues } from '../../lib/staff-api';

/** The queue's filters as the URL keeps them. */
export type QueueFilter = {
  state: string;
  country: string;
  gift: string;
  from: string;
  to: string;
  page: number;
};

export const orderQueueQuery = (filter: QueueFilter) =>
  queryOptions({
    queryKey: ['orders', 'queue', filter],
    queryFn: ({ signal }) =>
      staffCall<OrderQueue>(
        'GET',
        `/s2c/staff/v1/orders${queryString(filter as unknown as FormValues)}`,
        undefined,
        { signal },
      ),
  });

export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'one', id],
    queryFn: ({ signal }) =>
      staffCall<StaffOrder>('GET', `/s2c/staff/v1/orders/${id}`, undefined, { signal }),
  });

/** The CSV of the filtered queue (every page). */
export const ordersCsvPath = (filter: QueueFilter) => {
  const { state, country, gift, from, to } = filter;
  return `/s2c/staff/v1/orders.csv${queryString({ state, country, gift, from, to })}`;
};
