import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MemberSearchAnswer } from '@club/contract/staff-members';
import { queryString, staffCall } from '../../../lib/staff-api';

export type MemberSearchInput = { query: string; page: number; pageSize: number };

export const searchMembersQuery = (input: MemberSearchInput) =>
  queryOptions({
    queryKey: ['members', 'search', input],
    queryFn: ({ signal }) =>
      staffCall<MemberSearchAnswer>(
        'GET',
        `/s2c/staff/v1/members${queryString({ ...input })}`,
        undefined,
        { signal },
      ),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** The members matching a search; nothing is asked before a query is typed. */
export function useMemberSearch(input: MemberSearchInput) {
  return useQuery({ ...searchMembersQuery(input), enabled: input.query.trim() !== '' });
}
