import type { SegmentKind } from '@club/contract/points';
import type { Database } from '../../db/client.js';
import { readRuleBook } from '../earning-rules/rule-book.js';

/** What a segment of a country's member earns, for estimates (reports' pending points). */
export type SegmentPoints = (countryCode: string, kind: SegmentKind) => number;

/**
 * The earning rules in force today, as a segment travelling and booked today
 * would earn under them: the estimate of what pending segments are worth.
 * Credits themselves use each segment's own dates (booking-plan.ts).
 */
export async function segmentPointsToday(db: Database, today: string): Promise<SegmentPoints> {
  const rules = await readRuleBook(db);
  const dates = { travel: today, booking: today };
  return (countryCode, kind) => rules.earn(countryCode, kind, dates).points;
}
