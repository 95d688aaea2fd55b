import { campaignPart, type RuleTerms } from '@club/contract/earning-rules';
import type { LedgerDescription } from '@club/contract/ledger-descriptions';
import type { BookingReason, SegmentKind } from '@club/contract/points';
import type { RuleBook } from '../../earning-rules/rule-book.js';
import type { BookingRecord } from './booking-record.js';
import {
  judgeBooking,
  segmentStatusOf,
  type MemberFacts,
  type OfficeFacts,
  type StoredSegmentStatus,
} from './booking-rules.js';

/**
 * What importing one record changes, worked out in memory before anything
 * is written: the booking row, its segment rows, the ledger entries and the
 * members' segment counts. Comparing with the stored booking is what makes a
 * re-import change exactly what changed.
 */

export type StoredSegment = {
  id: number;
  segmentId: string;
  kind: SegmentKind;
  sourceStatus: string;
  status: StoredSegmentStatus;
  serviceDate: string;
  endDate: string | null;
  used: boolean;
  points: number;
  creditedOn: string | null;
  creditedAgentId: number | null;
  /** The earning rules that gave `points`. */
  earningRuleIds: number[];
};

export type StoredBooking = {
  id: number;
  pnr: string;
  recordHash: string;
  state: 'accepted' | 'rejected';
  agentId: number | null;
  /** The office's country when it was stored (a manager's upload changes only their countries' bookings). */
  officeCountryCode?: string | null;
  segments: StoredSegment[];
};

export type BookingRow = {
  pnr: string;
  officeId: string;
  officeCountryCode: string | null;
  createdOn: string;
  memberNumber: string | null;
  agentId: number | null;
  state: 'accepted' | 'rejected';
  reason: BookingReason | null;
  recordHash: string;
  /** The approved missing-points claim that credited the PNR's points: its segments earn nothing. */
  claimId: number | null;
};

export type SegmentRow = Omit<StoredSegment, 'id'>;

/** A ledger entry; a new segment gets its row id (`segmentRowId` null here) once written. */
export type LedgerChange = {
  agentId: number;
  amount: number;
  segmentId: string;
  segmentRowId: number | null;
  /** A key with parameters, worded when the member reads it. */
  description: LedgerDescription;
  /** The part of `amount` campaigns gave (the reports' split by source). */
  campaignPoints: number;
} & ({ kind: 'credit' } | { kind: 'reversal'; creditedOn: string | null });

/** Change of a member's pending and OK segment counts (status report totalSegmentsPD/Ok). */
export type CountChange = { agentId: number; pending: number; ok: number };

export type BookingPlan = {
  booking: BookingRow;
  /** Rows to write, those that changed only; a segment gone from the record stays, as XX. */
  segments: SegmentRow[];
  ledger: LedgerChange[];
  counts: CountChange[];
};

export type PlanInput = {
  record: BookingRecord;
  hash: string;
  stored: StoredBooking | undefined;
  member: MemberFacts | undefined;
  office: OfficeFacts | undefined;
  /** Members that still exist: a credit of a purged member has no one to reverse it from. */
  livingAgentIds: ReadonlySet<number>;
  today: string;
  /** The earning rules, read in the import's transaction. */
  rules: RuleBook;
  /**
   * The member's approved missing-points claim on this PNR, by the member
   * it credited: when the booking earns for that member, its segments earn
   * nothing (the claim's credit paid for them).
   */
  approvedClaim?: { claimId: number; agentId: number };
};

type Credit = {
  agentId: number;
  points: number;
  creditedOn: string | null;
  ruleIds: number[];
};

const creditOf = (segment: StoredSegment | undefined): Credit | null =>
  segment?.creditedAgentId == null
    ? null
    : {
        agentId: segment.creditedAgentId,
        points: segment.points,
        creditedOn: segment.creditedOn,
        ruleIds: segment.earningRuleIds,
      };

const sameIds = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((id, index) => id === b[index]);

const sameSegment = (stored: StoredSegment, row: SegmentRow): boolean =>
  stored.kind === row.kind &&
  stored.sourceStatus === row.sourceStatus &&
  stored.status === row.status &&
  stored.serviceDate === row.serviceDate &&
  stored.endDate === row.endDate &&
  stored.used === row.used &&
  stored.points === row.points &&
  stored.creditedOn === row.creditedOn &&
  stored.creditedAgentId === row.creditedAgentId &&
  sameIds(stored.earningRuleIds, row.earningRuleIds);

export function planBooking(input: PlanInput): BookingPlan {
  const { record, stored, member, today } = input;
  const statuses = record.segments.map((segment) => segmentStatusOf(segment, today));
  const judgement = judgeBooking(
    record,
    statuses,
    member,
    input.office,
    stored?.state === 'accepted',
  );
  const earner = judgement.state === 'accepted' ? judgement.agentId : null;
  const paidByClaim =
    earner !== null && input.approvedClaim !== undefined && input.approvedClaim.agentId === earner
      ? input.approvedClaim.claimId
      : null;
  const ledger: LedgerChange[] = [];
  const counts = new Map<number, CountChange>();

  const count = (agentId: number, status: StoredSegmentStatus, change: 1 | -1): void => {
    if (status === 'XX') return;
    let entry = counts.get(agentId);
    if (entry === undefined) counts.set(agentId, (entry = { agentId, pending: 0, ok: 0 }));
    if (status === 'PD') entry.pending += change;
    else entry.ok += change;
  };
  const reverse = (credit: Credit, segment: StoredSegment, why: LedgerDescription): void => {
    if (credit.points <= 0 || !input.livingAgentIds.has(credit.agentId)) return;
    const rules = credit.ruleIds.flatMap((id): RuleTerms[] => {
      const rule = input.rules.rule(id);
      return rule === undefined ? [] : [rule];
    });
    ledger.push({
      kind: 'reversal',
      agentId: credit.agentId,
      amount: credit.points,
      campaignPoints: campaignPart(credit.points, rules),
      creditedOn: credit.creditedOn,
      segmentId: segment.segmentId,
      segmentRowId: segment.id,
      description: why,
    });
  };

  // The stored booking's segments leave the counts; the new ones enter below.
  if (stored?.state === 'accepted' && stored.agentId !== null) {
    for (const segment of stored.segments) count(stored.agentId, segment.status, -1);
  }
  const storedById = new Map(stored?.segments.map((segment) => [segment.segmentId, segment]));
  const segments: SegmentRow[] = [];
  record.segments.forEach((segment, index) => {
    const previous = storedById.get(segment.id);
    storedById.delete(segment.id);
    const label = { pnr: record.pnr, kind: segment.kind, date: segment.serviceDate };
    let status = statuses[index]!;
    let credit = creditOf(previous);
    if (credit !== null) {
      if (earner !== null && status !== 'XX' && credit.agentId === earner) {
        // Flown is final: a credited segment stays OK while it stays booked.
        status = 'OK';
      } else {
        const why: LedgerDescription =
          status === 'XX'
            ? { key: 'segmentCancelled', params: label }
            : judgement.reason !== null
              ? { key: 'segmentRejected', params: { ...label, reason: judgement.reason } }
              : { key: 'segmentOtherMember', params: label };
        reverse(credit, previous!, why);
        credit = null;
      }
    }
    if (credit === null && earner !== null && status === 'OK') {
      // The rules in force at the segment's dates; a PNR a claim paid for earns nothing.
      const earned =
        paidByClaim === null
          ? input.rules.earn(member!.countryCode, segment.kind, {
              travel: segment.serviceDate,
              booking: record.createdOn,
            })
          : { points: 0, rules: [] };
      credit = {
        agentId: earner,
        points: earned.points,
        creditedOn: today,
        ruleIds: earned.points > 0 ? earned.rules.map((rule) => rule.id) : [],
      };
      if (credit.points > 0) {
        ledger.push({
          kind: 'credit',
          agentId: earner,
          amount: credit.points,
          campaignPoints: campaignPart(earned.points, earned.rules),
          segmentId: segment.id,
          segmentRowId: previous?.id ?? null,
          description: { key: 'segmentCredit', params: label },
        });
      }
    }
    if (earner !== null) count(earner, status, 1);
    const row: SegmentRow = {
      segmentId: segment.id,
      kind: segment.kind,
      sourceStatus: segment.status,
      status,
      serviceDate: segment.serviceDate,
      endDate: segment.endDate ?? null,
      used: segment.used ?? false,
      points: credit?.points ?? 0,
      creditedOn: credit?.creditedOn ?? null,
      creditedAgentId: credit?.agentId ?? null,
      earningRuleIds: credit?.ruleIds ?? [],
    };
    // An update writes only the segments it changes.
    if (previous === undefined || !sameSegment(previous, row)) segments.push(row);
  });

  // Segments gone from the record are dropped like cancelled ones.
  for (const gone of storedById.values()) {
    const credit = creditOf(gone);
    if (gone.status === 'XX' && credit === null) continue;
    if (credit !== null) {
      const label = { pnr: record.pnr, kind: gone.kind, date: gone.serviceDate };
      reverse(credit, gone, { key: 'segmentGone', params: label });
    }
    segments.push({
      segmentId: gone.segmentId,
      kind: gone.kind,
      sourceStatus: gone.sourceStatus,
      status: 'XX',
      serviceDate: gone.serviceDate,
      endDate: gone.endDate,
      used: gone.used,
      points: 0,
      creditedOn: null,
      creditedAgentId: null,
      earningRuleIds: [],
    });
  }

  return {
    booking: {
      pnr: record.pnr,
      officeId: record.officeId,
      officeCountryCode: input.office?.countryCode ?? null,
      createdOn: record.createdOn,
      memberNumber: judgement.memberNumber,
      agentId: judgement.agentId,
      state: judgement.state,
      reason: judgement.reason,
      recordHash: input.hash,
      claimId: paidByClaim,
    },
    segments,
    // Reversals first: a record's new credits are not what its cancellations take back.
    ledger: [
      ...ledger.filter((change) => change.kind === 'reversal'),
      ...ledger.filter((change) => change.kind === 'credit'),
    ],
    counts: [...counts.values()].filter((entry) => entry.pending !== 0 || entry.ok !== 0),
  };
}
