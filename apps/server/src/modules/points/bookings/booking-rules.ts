import type { BookingReason } from '@club/contract/points';
import type { AgentStatus } from '../../agents/schema.js';
import { cancelledStatusCodes, type BookingRecord, type SegmentRecord } from './booking-record.js';

/**
 * The import rules of docs/bookings.md, as pure functions of the record and
 * what the directory knows: which member a booking names, whether it is
 * accepted, and the status of each segment.
 */

/** The remark that names the member: `RM*AMA`, exactly one space, the member number. */
const memberRemark = /^RM\*AMA (\d{1,20})$/;
/** The most common mistake, kept apart so that the member can be told. */
const remarkWithoutSpace = /^RM\*AMA(\d{1,20})$/;

export type RemarkOutcome =
  | { memberNumber: string; reason: null }
  | { memberNumber: string; reason: 'remark-without-space' }
  | { memberNumber: null; reason: 'malformed-remark' | 'no-remark' };

/** The member number of the first member remark, else why there is none. */
export function memberRemarkOf(remarks: readonly string[]): RemarkOutcome {
  for (const remark of remarks) {
    const match = memberRemark.exec(remark);
    if (match !== null) return { memberNumber: match[1]!, reason: null };
  }
  for (const remark of remarks) {
    const match = remarkWithoutSpace.exec(remark);
    if (match !== null) return { memberNumber: match[1]!, reason: 'remark-without-space' };
  }
  if (remarks.some((remark) => remark.startsWith('RM*AMA'))) {
    return { memberNumber: null, reason: 'malformed-remark' };
  }
  return { memberNumber: null, reason: 'no-remark' };
}

/** Status of a stored segment: pending, flown or used, or cancelled (dropped). */
export type StoredSegmentStatus = 'PD' | 'OK' | 'XX';

/**
 * A booked segment is OK once the record says it was used or its last day
 * (end date, else service date) is before today; a cancelled one is XX.
 */
export function segmentStatusOf(segment: SegmentRecord, today: string): StoredSegmentStatus {
  if (cancelledStatusCodes.has(segment.status)) return 'XX';
  if (segment.used === true) return 'OK';
  return (segment.endDate ?? segment.serviceDate) < today ? 'OK' : 'PD';
}

/** Member states in which bookings earn points: an account being deleted still earns until it is gone. */
const earningStatuses: ReadonlySet<AgentStatus> = new Set(['active', 'deletion_requested']);

export type MemberFacts = { id: number; status: AgentStatus; countryCode: string };
export type OfficeFacts = { countryCode: string; active: boolean };

export type Judgement = {
  /** The number the remark names, even a wrong one, so that its member can see the booking. */
  memberNumber: string | null;
  /** The member found by the remark (also for a booking rejected afterwards), else null. */
  agentId: number | null;
  state: 'accepted' | 'rejected';
  reason: BookingReason | null;
};

/**
 * The rules in order: remark, member, office, segments; the first one that
 * fails is the booking's reason. An agency that opts out keeps what its agents
 * already earned: a booking accepted while its office took part is not
 * rejected for `inactive-office` when it comes again (`wasAccepted`).
 */
export function judgeBooking(
  record: BookingRecord,
  statuses: readonly StoredSegmentStatus[],
  member: MemberFacts | undefined,
  office: OfficeFacts | undefined,
  wasAccepted = false,
): Judgement {
  const remark = memberRemarkOf(record.remarks);
  const rejected = (reason: BookingReason, agentId: number | null = null): Judgement => ({
    memberNumber: remark.memberNumber,
    agentId,
    state: 'rejected',
    reason,
  });
  if (remark.reason !== null) return rejected(remark.reason);
  if (member === undefined) return rejected('unknown-member');
  if (!earningStatuses.has(member.status)) return rejected('inactive-member', member.id);
  if (office === undefined) return rejected('unknown-office', member.id);
  if (office.countryCode !== member.countryCode) return rejected('office-other-country', member.id);
  if (!office.active && !wasAccepted) return rejected('inactive-office', member.id);
  if (statuses.length === 0) return rejected('no-segments', member.id);
  if (statuses.every((status) => status === 'XX')) {
    return rejected('all-segments-cancelled', member.id);
  }
  return { memberNumber: remark.memberNumber, agentId: member.id, state: 'accepted', reason: null };
}
