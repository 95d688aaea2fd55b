import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberLedgerEntry, PointAdjustment } from '@club/contract/staff-members';
import { staffCall } from '../../../lib/staff-api';

/** Credits or debits a member's points with a reason; the member's view and searches load again. */
export function useAdjustPoints(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (adjustment: PointAdjustment) =>
      staffCall<MemberLedgerEntry>(
        'POST',
        `/s2c/staff/v1/members/${encodeURIComponent(number)}/adjustments`,
        { points: adjustment.points, reason: adjustment.reason },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['members'] }),
  });
}
