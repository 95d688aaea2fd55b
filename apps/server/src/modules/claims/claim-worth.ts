import type { SegmentKind } from '@club/contract/points';
import type { SegmentPoints } from '../points/segment-points.js';

/** The segments of a claimed PNR's stored booking, as the worth needs them. */
export type ClaimedSegment = { kind: SegmentKind; status: 'PD' | 'OK' | 'XX' };

/**
 * What a claimed booking would earn, proposed to staff for the approval:
 * today's points per segment of the member's country for every segment the
 * booking still holds, or for the one segment the member said was booked
 * when no booking of the PNR is stored. The one place the worth is worked
 * out: earning rules by date replace `segmentPoints` here.
 */
export function claimWorth(
  segmentPoints: SegmentPoints,
  countryCode: string,
  segments: readonly ClaimedSegment[] | null,
  booked: SegmentKind | null,
): number {
  const kept = (segments ?? []).filter((segment) => segment.status !== 'XX');
  if (kept.length > 0) {
    return kept.reduce((sum, segment) => sum + segmentPoints(countryCode, segment.kind), 0);
  }
  return booked === null ? 0 : segmentPoints(countryCode, booked);
}
