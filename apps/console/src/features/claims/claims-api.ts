import { queryOptions } from '@tanstack/react-query';
import type { ClaimQueue, StaffClaimDetail } from '@club/contract/claims';
import { queryString, staffCall, type FormValues } from '../../lib/staff-api';

/** The queue's filters as the URL keeps them. */
export type ClaimFilter = { state: string; country: string; olderThanDays: string; page: number };

/** The filters that are set: an empty one is no filter. */
const filled = (filter: ClaimFilter): FormValues =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== ''));

export const claimQueueQuery = (filter: ClaimFilter) =>
  queryOptions({
    queryKey: ['claims', 'queue', filter],
    queryFn: ({ signal }) =>
      staffCall<ClaimQueue>(
        'GET',
        `/s2c/staff/v1/claims${queryString(filled(filter))}`,
        undefined,
        { signal },
      ),
  });

export const claimQuery = (id: string) =>
  queryOptions({
    queryKey: ['claims', 'one', id],
    queryFn: ({ signal }) =>
      staffCall<StaffClaimDetail>('GET', `/s2c/staff/v1/claims/${id}`, undefined, { signal }),
  });
