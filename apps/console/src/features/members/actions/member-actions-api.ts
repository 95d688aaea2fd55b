import { queryOptions } from '@tanstack/react-query';
import type { MemberActionState } from '@club/contract/staff-member-actions';
import { downloadFile, staffCall, type FormValues } from '../../../lib/staff-api';

const memberPath = (number: string) => `/s2c/staff/v1/members/${encodeURIComponent(number)}`;

/** What the member's actions depend on (`GET …/actions`). */
export const memberActionStateQuery = (number: string) =>
  queryOptions({
    queryKey: ['member-actions', number],
    queryFn: ({ signal }) =>
      staffCall<MemberActionState>('GET', `${memberPath(number)}/actions`, undefined, { signal }),
  });

/** Runs one action; the server answers the member's state after it. */
export function runMemberAction(
  number: string,
  path: string,
  values: FormValues,
): Promise<MemberActionState> {
  return staffCall<MemberActionState>('POST', `${memberPath(number)}/${path}`, values);
}

/** Downloads the member's data export (JSON); the server records it in the audit log. */
export function downloadMemberExport(number: string): Promise<void> {
  return downloadFile(`${memberPath(number)}/export`, `member-${number}.json`);
}
