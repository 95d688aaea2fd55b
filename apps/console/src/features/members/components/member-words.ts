import { bookingReasonTexts } from '@club/contract/booking-reasons';
import { memberStateWords, segmentStateTexts } from '@club/contract/staff-member-rules';
import type { MemberState, SegmentNoPointsReason } from '@club/contract/staff-members';
import { formatMoment, formatNumber } from '../../../lib/english-format';

/** How the console names a member's state. */
export const stateLabels: Readonly<Record<MemberState, string>> = memberStateWords;

/** Why a segment earned nothing, in the words staff read to the member on the phone. */
export function noPointsText(reason: SegmentNoPointsReason): string {
  return reason in segmentStateTexts
    ? segmentStateTexts[reason as keyof typeof segmentStateTexts]
    : bookingReasonTexts[reason as keyof typeof bookingReasonTexts];
}

export const entryKindLabels = {
  segment: 'Segment credit',
  additional: 'Additional points',
  order: 'Gift order',
  refund: 'Order refunded',
  expiry: 'Points lapsed',
  reversal: 'Segment cancelled',
} as const;

/** A timestamp of the answer, in the staff member's time zone. */
export const formatTime = (value: string | null): string =>
  value === null ? '—' : formatMoment(value);

export const formatPoints = (points: number): string => formatNumber(points);

/** The id of a booking's table in the member view, the target of its PNR's links. */
export const bookingAnchor = (pnr: string): string => `booking-${pnr}`;
