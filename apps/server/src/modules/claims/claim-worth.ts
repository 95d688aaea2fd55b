import type { SegmentKind } from '@club/contract/points';
import type { RuleBook } from '../earning-rules/rule-book.js';

/** The segments of a claimed PNR's stored booking, as the worth needs them. */
export type ClaimedSegment = { kind: SegmentKind; status: 'PD' | 'OK' | 'XX'; serviceDate: string };

/** The claimed booking: its stored segments and creation day, or none stored. */
export type ClaimedBooking = { createdOn: string; segments: readonly ClaimedSegment[] } | null;

/**
 * What a claimed booking would earn, proposed to staff for the approval:
 * the earning rules in force at each segment's dates (travel date, the
 * booking's creation day) for every segment the booking still holds, or, when
 * no booking of the PNR is stored, for the one segment the member said was
 * booked, on the travel date they gave (their booking day unknown: the
 * travel date stands for it). The one place the worth is worked out.
 */
export function claimWorth(
  rules: Pick<RuleBook, 'earn'>,
  countryCode: string,
  booking: ClaimedBooking,
  claimed: { booked: SegmentKind | null; travelDate: string },
): number {
  const kept = (booking?.segments ?? []).filter((segment) => segment.status !== 'XX');
  if (booking !== null && kept.length > 0) {
    return kept.reduce(
      (sum, segment) =>
        sum +
        rules.earn(countryCode, segment.kind, {
          travel: segment.serviceDate,
          booking: booking.createdOn,
        }).points,
      0,
    );
  }
  if (claimed.booked === null) return 0;
  const day = claimed.travelDate;
  return rules.earn(countryCode, claimed.booked, { travel: day, booking: day }).points;
}
