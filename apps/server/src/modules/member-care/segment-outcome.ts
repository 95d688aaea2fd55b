import type { BookingReason } from '@club/contract/points';
import type { SegmentNoPointsReason } from '@club/contract/staff-members';

export type SegmentFacts = {
  status: 'PD' | 'OK' | 'XX';
  points: number;
  creditedAgentId: number | null;
};

export type BookingFacts = { state: 'accepted' | 'rejected'; reason: BookingReason | null };

/**
 * Why a segment earned the member nothing, or null when it earned points.
 * The import stores a rejected booking's reason; a segment's own reason is
 * not stored, so it is derived here, in one place, from what the import did
 * store: cancelled (XX), not flown or used yet (PD), credited to the member
 * a changed remark names now, or flown but worth no points in the country.
 */
export function segmentNoPointsReason(
  booking: BookingFacts,
  segment: SegmentFacts,
  agentId: number,
): SegmentNoPointsReason | null {
  if (booking.state === 'rejected') return booking.reason ?? 'no-remark';
  if (segment.status === 'XX') return 'segment-cancelled';
  if (segment.status === 'PD') return 'segment-pending';
  if (segment.creditedAgentId !== null && segment.creditedAgentId !== agentId) {
    return 'credited-to-another-member';
  }
  if (segment.points === 0) return 'no-points-for-kind';
  return null;
}
