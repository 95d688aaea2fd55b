import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberView } from '@club/contract/staff-members';
import { staffCall } from '../../../lib/staff-api';

export const memberViewQuery = (number: string) =>
  queryOptions({
    queryKey: ['members', 'view', number],
    queryFn: ({ signal }) =>
      staffCall<MemberView>(
        'GET',
        `/s2c/staff/v1/members/${encodeURIComponent(number)}`,
        undefined,
        {
          signal,
        },
      ),
  });

/** The single member view: profile, status, bookings, ledger, orders and mails. */
export function useMemberView(number: string) {
  return useQuery(memberViewQuery(number));
}
