import type { StatusReport } from '@club/contract/points';
import type { Database } from '../../db/client.js';
import { lapseDuePoints } from './lapse-due-points.js';
import type { BalanceRow } from './status-session.js';

/**
 * The status report of one member (spec 2 §3) from their balance row: one
 * row read, however many segments they have. When points are due to lapse
 * (the clock job may not have run yet today) they expire first, so the
 * report is exact. `known` is the balance row already read with the session
 * (status-session.ts; null: the member has none); it is read here otherwise.
 */
export async function statusReport(
  db: Database,
  agentId: number,
  today: string,
  orderPartnerOff: boolean,
  known?: BalanceRow | null,
): Promise<StatusReport> {
  const lapseDue = known?.nextExpiryOn != null && known.nextExpiryOn <= today;
  const row = known === undefined || lapseDue ? await lapseDuePoints(db, agentId, today) : known;
  const balance = row ?? {
    regular: 0,
    additional: 0,
    used: 0,
    expired: 0,
    available: 0,
    segmentsPd: 0,
    segmentsOk: 0,
  };
  return {
    totalSegmentsPD: balance.segmentsPd,
    totalSegmentsOk: balance.segmentsOk,
    totalSegments: balance.segmentsPd + balance.segmentsOk,
    accumulated: balance.regular + balance.additional,
    used: balance.used,
    expired: balance.expired,
    available: balance.available,
    regular: balance.regular,
    additional: balance.additional,
    edenredIsOff: orderPartnerOff,
  };
}
